import { orderedId } from './ordered-id'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { ActorKind, AuditEntry } from '../contract/audit'
import { PER_PAGE_CHOICES } from '../contract/collections'
import { isRight, type Right } from '../contract/rights'
import type { AnyDb, Db } from './db/open'
import { requirePrincipal, type AuthEnv, type Principal } from './http/auth'
import { userAgentOf } from './http/client'
import { ApiError, fail } from './http/errors'
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

/** Adds one entry to the organization's trail; pass the write's transaction so both stand or fall together. */
export async function audit(db: AnyDb | Db, organizationId: string, actor: Actor, write: AuditWrite, at: string): Promise<void> {
  await (db as AnyDb)
    .insertInto('audit_events')
    .values({
      id: orderedId(),
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
      ip: actor.ip,
      user_agent: actor.userAgent,
    })
    .execute()
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
 * holds; `collection` and `record_id` narrow it to one record, `page` and `per_page` page it.
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
          actor: obj({ kind: oneOf(['user', 'key', 'app']), id: str, name: str }),
          action: str,
          collection: ref('Right'),
          record_id: str,
          record_name: str,
          fields: list(str),
          ip: str,
          user_agent: str,
        }),
      ),
      headers: ['X-Total-Count'],
    },
    400: { description: 'A filter or page it does not take.', body: { ref: 'Error' } },
  },
})

export function auditRoutes(services: Services) {
  const db = services.db
  return new Hono<AuthEnv>().get(route('/audit/'), requirePrincipal(services), async (c) => {
    const principal = c.var.principal
    const collection = c.req.query('collection')
    const recordId = c.req.query('record_id')
    if (collection !== undefined && !isRight(collection)) throw new ApiError(400, message('badFilter', { name: 'collection' }))
    if (collection && !principal.rights.includes(collection)) throw fail(403, 'forbidden')
    if (recordId !== undefined && (recordId.length === 0 || recordId.length > 64)) throw new ApiError(400, message('badFilter', { name: 'record_id' }))
    const pageText = c.req.query('page') ?? '1'
    const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : NaN
    if (!(page >= 1)) throw new ApiError(400, message('badPage'))
    const perPageText = c.req.query('per_page') ?? '25'
    const perPage = Number(perPageText)
    if (!/^\d{1,3}$/.test(perPageText) || !(PER_PAGE_CHOICES as readonly number[]).includes(perPage)) {
      throw new ApiError(400, message('badPerPage', { allowed: PER_PAGE_CHOICES.join(', ') }))
    }
    const visible = collection ? [collection] : principal.rights
    if (!visible.length) {
      c.header('X-Total-Count', '0')
      return c.json([])
    }
    let query = db
      .selectFrom('audit_events')
      .where('organization_id', '=', principal.organizationId)
      .where('collection', 'in', visible)
    if (recordId) query = query.where('record_id', '=', recordId)
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
    const rows = await query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute()
    c.header('X-Total-Count', String(Number(counted?.total ?? 0)))
    return c.json(
      rows.map(
        (row): AuditEntry => ({
          id: row.id,
          at: row.at,
          actor: { kind: row.actor_kind as ActorKind, id: row.actor_id, name: row.actor_name },
          action: row.action,
          collection: row.collection as Right,
          record_id: row.record_id,
          record_name: row.record_name,
          fields: parseFields(row.fields),
          ip: row.ip,
          user_agent: row.user_agent,
        }),
      ),
    )
  })
}
