import type { Context, MiddlewareHandler } from 'hono'
import { Hono } from 'hono'
import { AUDIT_EXPORT_PATH } from '../../contract/audit'
import { PER_PAGE_CHOICES } from '../../contract/collections'
import { filterValue } from '../../contract/list-filters'
import { RIGHTS } from '../../contract/rights'
import { csvHeader, EXPORT_BATCH, EXPORTS_BUSY, csvLine, exportFormat, exportHeaders, streamedExport } from '../collections/export'
import { trailAfter, trailPage, type TrailReader } from '../db/audit'
import type { AuditEventRow } from '../db/schema'
import type { EventsHub } from '../events'
import { requirePrincipal, type AuthEnv, type Principal } from '../http/auth'
import { requestOrigin } from '../http/client'
import { ApiError } from '../http/errors'
import { answerPage, pageOf } from '../http/paging'
import { route } from '../http/route'
import { message } from '../messages'
import { describe } from '../openapi/registry'
import { list, obj, oneOf, ref, str, time } from '../openapi/shapes'
import type { Services } from '../services'
import type { WrittenEntries } from './live'
import { readAuditQuery, toEntry, VIEW_ACTIONS } from './query'
import { actorFrom, type Actor } from './trail'

/** The principal as the trail names it, writing from this request's address and user agent. */
export const actorOf = (services: Services, c: Context, principal: Principal): Promise<Actor> =>
  actorFrom(services.db, principal, requestOrigin(services, c))

/**
 * Announces the entries a request wrote on its organization's events stream (`event: audit`),
 * after its work is done and only when it succeeded: an entry whose write was undone (an error
 * answer) was never committed, and a console told of it would look for it in vain. The stream
 * carries each only to those holding the entry's collection, as the trail shows it.
 */
export function announceAudits(hub: Pick<EventsHub, 'publish'>): MiddlewareHandler {
  return async (c, next) => {
    const entries: WrittenEntries = []
    c.set('written', entries)
    await next()
    if (!entries.length || c.res.status >= 400) return
    for (const { organizationId, event } of entries) await hub.publish(organizationId, 'audit', event)
  }
}

/** Who reads the trail, seeing `visible`. */
const readerOf = (principal: Principal, visible: readonly string[]): TrailReader => ({
  organizationId: principal.organizationId,
  userId: principal.userId,
  visible,
  viewActions: VIEW_ACTIONS,
})

/**
 * `GET /audit/`: the organization's trail, newest first, only of the collections the caller
 * holds; `collection` and `record_id` narrow it to one record, `actor`, `action`, `from` and `to`
 * to who did what when (`readAuditQuery`), `page` and `per_page` page it.
 */
describe({
  method: 'get',
  path: '/audit/',
  tag: 'Audit',
  summary: 'The audit trail',
  description: 'Who (user, key or app id) did what to which record, when and from which address, newest first, only of the collections the caller holds.',
  caller: 'principal',
  query: [
    { name: 'collection', description: 'Only this collection\'s (a right the caller holds, else 403).', schema: { type: 'string', enum: [...RIGHTS] } },
    { name: 'record_id', description: 'Only this record\'s.', schema: { type: 'string', minLength: 1, maxLength: 64 } },
    { name: 'actor', description: 'Only what this user, access key or app id did (its id).', schema: { type: 'string', minLength: 1, maxLength: 64 } },
    { name: 'action', description: 'Only this action (`create`, `update`, `delete`, `revoke`, `rotate`, …).', schema: { type: 'string', pattern: '^[a-z_]{1,32}$' } },
    { name: 'from', description: 'From this date or time with its zone, included.', schema: { type: 'string' } },
    { name: 'to', description: 'Until this date or time with its zone, excluded.', schema: { type: 'string' } },
    { name: 'page', description: 'The page, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
    { name: 'per_page', description: 'Entries per page.', schema: { type: 'integer', enum: [...PER_PAGE_CHOICES], default: 25 } },
  ],
  answers: {
    200: {
      description: 'A page of entries.',
      body: list(
        obj({
          id: str,
          at: time,
          actor: obj({ kind: oneOf(['user', 'key', 'app', 'system']), id: str, name: str }),
          action: str,
          collection: ref('Right'),
          record_id: str,
          record_name: str,
          fields: list(str),
          changes: list({
            anyOf: [
              obj({ field: str, before: {}, after: {}, 'cut?': { type: 'boolean', enum: [true] } }),
              obj({ field: str, changed: { type: 'boolean', enum: [true] } }),
            ],
          }),
          ip: str,
          user_agent: str,
        }),
      ),
      headers: ['X-Total-Count'],
    },
    400: { description: 'A filter or page it does not take.', body: { ref: 'Error' } },
  },
}, {
  method: 'get',
  path: AUDIT_EXPORT_PATH,
  tag: 'Audit',
  summary: 'Export the audit trail',
  description: 'Every entry from `from` (included) to `to` (excluded), newest first, of the collections the caller holds, streamed as CSV (cells a spreadsheet would run as formulas begin with `\'`) or JSON Lines.',
  caller: 'principal',
  query: [
    { name: 'format', description: 'CSV or JSON Lines.', schema: { type: 'string', enum: ['csv', 'jsonl'], default: 'csv' } },
    { name: 'from', description: 'From this ISO time, included.', schema: { type: 'string', format: 'date-time' } },
    { name: 'to', description: 'Until this ISO time, excluded.', schema: { type: 'string', format: 'date-time' } },
  ],
  answers: {
    200: { description: 'The entries, as a file to save (`Content-Disposition: attachment`).', type: 'text/csv' },
    400: { description: 'A format or range it does not take.', body: { ref: 'Error' } },
    429: EXPORTS_BUSY,
  },
})

/** `GET /audit/` and `GET /audit/export`: the trail, paged or exported. */
export function auditRoutes(services: Services) {
  const db = services.db
  return new Hono<AuthEnv>()
    .get(route(AUDIT_EXPORT_PATH), requirePrincipal(services), (c) => exportTrail(services, c))
    .get(route('/audit/'), requirePrincipal(services), async (c) => {
      const principal = c.var.principal
      const { visible, ...filters } = readAuditQuery(c.req.query(), principal.rights)
      const { page, perPage } = pageOf(c)
      if (!visible.length) return answerPage(c, [], 0)
      const found = await trailPage(db, readerOf(principal, visible), filters, page, perPage)
      return answerPage(c, found.rows.map(toEntry), found.total)
    })
}

/** The columns of a CSV export of the trail: the entry flattened, the actor in three. */
const TRAIL_COLUMNS = ['id', 'at', 'actor_kind', 'actor_id', 'actor_name', 'action', 'collection', 'record_id', 'record_name', 'fields', 'ip', 'user_agent'] as const

/** An ISO time of a range's end, or undefined when none was given; 400 when it is no time. */
function rangeEnd(c: Context, name: 'from' | 'to'): string | undefined {
  const text = c.req.query(name)
  if (text === undefined || text === '') return undefined
  const at = filterValue({ name, kind: 'time' }, text)
  if (at === undefined) throw new ApiError(400, message('badDateRange'))
  return at
}

/**
 * `GET /audit/export?format=csv|jsonl&from=&to=`: the trail from `from` (inclusive) to `to`
 * (exclusive), newest first, of the collections the caller holds, streamed in batches.
 */
function exportTrail(services: Services, c: Context<AuthEnv>) {
  const db = services.db
  const principal = c.var.principal
  const format = exportFormat(c)
  const from = rangeEnd(c, 'from')
  const to = rangeEnd(c, 'to')
  if (from && to && from >= to) throw new ApiError(400, message('badDateRange'))
  const visible = principal.rights
  async function* batches(): AsyncGenerator<AuditEventRow[]> {
    if (!visible.length) return
    let last: { at: string; id: string } | undefined
    for (;;) {
      const rows = await trailAfter(db, readerOf(principal, visible), { from, to }, last, EXPORT_BATCH)
      if (!rows.length) return
      yield rows
      if (rows.length < EXPORT_BATCH) return
      last = { at: rows.at(-1)!.at, id: rows.at(-1)!.id }
    }
  }
  const write = async (rows: AuditEventRow[]) =>
    rows
      .map((row) => {
        const entry = toEntry(row)
        if (format === 'jsonl') return `${JSON.stringify(entry)}\n`
        const flat = { ...entry, actor_kind: entry.actor.kind, actor_id: entry.actor.id, actor_name: entry.actor.name }
        return csvLine(TRAIL_COLUMNS, flat)
      })
      .join('')
  return streamedExport(principal, exportHeaders('audit', format, services.now()), format === 'csv' ? csvHeader(TRAIL_COLUMNS) : '', batches(), write)
}
