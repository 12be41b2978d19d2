import { AsyncLocalStorage } from 'node:async_hooks'
import type { AuditEvent } from '../../contract/audit'

/** An entry a request wrote, with its organization. */
export interface WrittenEntry {
  organizationId: string
  event: AuditEvent
}

/** The entries the current request wrote, to announce once its answer is known. */
const written = new AsyncLocalStorage<WrittenEntry[]>()

/** Notes an entry the current request wrote; outside a request (a sweep) nothing is announced. */
export function noteAudit(organizationId: string, event: AuditEvent): void {
  written.getStore()?.push({ organizationId, event })
}

/** Runs `work` (a request's handling) noting into `entries` the trail entries it writes. */
export const collectingAudits = <T>(entries: WrittenEntry[], work: () => Promise<T>): Promise<T> => written.run(entries, work)
