import { AsyncLocalStorage } from 'node:async_hooks'
import type { MiddlewareHandler } from 'hono'
import type { AuditEvent } from '../contract/audit'
import type { EventsHub } from './events'

interface Written {
  organizationId: string
  event: AuditEvent
}

/** The entries the current request wrote, to announce once its answer is known. */
const written = new AsyncLocalStorage<Written[]>()

/** Notes an entry the current request wrote; outside a request (a sweep) nothing is announced. */
export function noteAudit(organizationId: string, event: AuditEvent): void {
  written.getStore()?.push({ organizationId, event })
}

/**
 * Announces the entries a request wrote on its organization's events stream (`event: audit`),
 * after its work is done and only when it succeeded: an entry whose write was undone (an error
 * answer) was never committed, and a console told of it would look for it in vain. The stream
 * carries each only to those holding the entry's collection, as the trail shows it.
 */
export function announceAudits(hub: Pick<EventsHub, 'publish'>): MiddlewareHandler {
  return async (c, next) => {
    const entries: Written[] = []
    await written.run(entries, next)
    if (!entries.length || c.res.status >= 400) return
    for (const { organizationId, event } of entries) await hub.publish(organizationId, 'audit', event)
  }
}
