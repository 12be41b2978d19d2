import type { AuditEvent } from '../../contract/audit'

/** An entry a request wrote, with its organization. */
export interface WrittenEntry {
  organizationId: string
  event: AuditEvent
}

/**
 * The entries a request wrote, to announce once its answer is known. The request's origin carries
 * the list (`Origin.written`) to every actor made from it, so an entry written for the request is
 * noted where it is written; a write outside a request (a sweep) carries none and announces nothing.
 */
export type WrittenEntries = WrittenEntry[]
