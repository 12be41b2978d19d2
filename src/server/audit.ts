import { orderedId } from './ordered-id'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { AUDIT_EXPORT_PATH, type ActorKind, type AuditChange, type AuditEntry } from '../contract/audit'
import { filterValue } from '../contract/list-filters'
import { PER_PAGE_CHOICES } from '../contract/collections'
import { isRight, type Right } from '../contract/rights'
import { namedChanges, parseChanges, safeChanges } from './audit-changes'
import { noteAudit } from './audit-live'
import { readAuditQuery, trailQuery } from './audit-query'
import { csvHeader, EXPORT_BATCH, EXPORTS_BUSY, csvLine, exportFormat, exportHeaders, streamedExport } from './collections/export'
import type { AuditEventRow } from './db/schema'
import type { AnyDb, Db } from './db/open'
import { requirePrincipal, type AuthEnv, type Principal } from './http/auth'
import { userAgentOf } from './http/client'
import { ApiError } from './http/errors'
import { route } from './http/route'
import { message } from './messages'
import type { Services } from './services'
import { describe } from './openapi/registry'
import { list, obj, oneOf, ref, str, time } from './openapi/shapes'
import { RIGHTS } from '../contract/rights'

/** Who wrote, and from where. */
export interface Actor {
  kind: ActorKind
  id: string
  name: string
  ip: string
  userAgent: string
}

/** What was written. */
export interface AuditWrite {
  action: string
  collection: Right
  recordId: string
  recordName?: string
  fields?: string[]
  /** Per field, before and after; without it each of `fields` is said to have changed, values unknown. */
  changes?: AuditChange[]
}

/** The principal as the trail names it: the user's name, the key's or the app id's. */
export async function actorOf(services: Services, c: Context, principal: Principal): Promise<Actor> {
  const db = services.db
  const from = { ip: services.clientAddress(c), userAgent: userAgentOf(c) }
  if (principal.kind === 'key' && principal.keyId) {
    const key = await db.selectFrom('access_keys').select('name').where('id', '=', principal.keyId).executeTakeFirst()
    return { kind: 'key', id: principal.keyId, name: key?.name ?? '', ...from }
  }
  if (principal.kind === 'app' && principal.appId) {
    const app = await db.selectFrom('app_ids').select('name').where('id', '=', principal.appId).executeTakeFirst()
    return { kind: 'app', id: principal.appId, name: app?.name ?? '', ...from }
  }
  return userActor(db, principal.userId, from)
}

/** A user as the trail names them, for writes made before any principal exists (sign-in, invitation). */
export async function userActor(db: Db, userId: string, from: { ip: string; userAgent: string }): Promise<Actor> {
  const user = await db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst()
  return { kind: 'user', id: userId, name: user?.name || user?.email || '', ...from }
}

/** Adds one entry to the organization's trail and answers its id; pass the write's transaction so both stand or fall together. */
export async function audit(db: AnyDb | Db, organizationId: string, actor: Actor, write: AuditWrite, at: string): Promise<string> {
  const id = orderedId()
  await (db as AnyDb)
    .insertInto('audit_events')
    .values({
      id,
      organization_id: organizationId,
      at,
      actor_kind: actor.kind,
      actor_id: actor.id,
      actor_name: actor.name,
      action: write.action,
      collection: write.collection,
      record_id: write.recordId,
      record_name: write.recordName ?? '',
      fields: JSON.stringify(write.fields ?? []),
      changes: JSON.stringify(safeChanges(write.changes ?? namedChanges(write.fields ?? []))),
      ip: actor.ip,
      user_agent: actor.userAgent,
    })
    .execute()
  noteAudit(organizationId, { id, collection: write.collection, action: write.action, record_id: write.recordId })
  return id
}

const parseFields = (json: string): string[] => {
  try {
    const list: unknown = JSON.parse(json)
    return Array.isArray(list) ? list.filter((field): field is string => typeof field === 'string') : []
  } catch {
    return []
  }
}

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

export function auditRoutes(services: Services) {
  const db = services.db
  return new Hono<AuthEnv>()
    .get(route(AUDIT_EXPORT_PATH), requirePrincipal(services), (c) => exportTrail(services, c))
    .get(route('/audit/'), requirePrincipal(services), async (c) => {
    const principal = c.var.principal
    const { visible, recordId, actorId, action, from, to, page, perPage } = readAuditQuery(c, principal)
    if (!visible.length) {
      c.header('X-Total-Count', '0')
      return c.json([])
    }
    let query = trailQuery(db, principal, visible)
    if (recordId) query = query.where('record_id', '=', recordId)
    if (actorId) query = query.where('actor_id', '=', actorId)
    if (action) query = query.where('action', '=', action)
    if (from) query = query.where('at', '>=', from)
    if (to) query = query.where('at', '<', to)
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
    const rows = await query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute()
    c.header('X-Total-Count', String(Number(counted?.total ?? 0)))
    return c.json(rows.map(toEntry))
  })
}

type AuditRow = AuditEventRow

/** A row of the trail as the API answers it. */
const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  actor: { kind: row.actor_kind as ActorKind, id: row.actor_id, name: row.actor_name },
  action: row.action,
  collection: row.collection as Right,
  record_id: row.record_id,
  record_name: row.record_name,
  fields: parseFields(row.fields),
  changes: parseChanges(row.changes),
  ip: row.ip,
  user_agent: row.user_agent,
})

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
  async function* batches(): AsyncGenerator<AuditRow[]> {
    if (!visible.length) return
    let last: { at: string; id: string } | undefined
    for (;;) {
      let query = trailQuery(db, principal, visible).selectAll()
      if (from) query = query.where('at', '>=', from)
      if (to) query = query.where('at', '<', to)
      const after = last
      if (after) query = query.where((eb) => eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]))
      const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(EXPORT_BATCH).execute()
      if (!rows.length) return
      yield rows
      if (rows.length < EXPORT_BATCH) return
      last = { at: rows.at(-1)!.at, id: rows.at(-1)!.id }
    }
  }
  const write = async (rows: AuditRow[]) =>
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
