import { orderedId } from './ordered-id'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { ActorKind, AuditChange, AuditEntry } from '../contract/audit'
import type { Right } from '../contract/rights'
import { namedChanges, parseChanges, safeChanges } from './audit-changes'
import { noteAudit } from './audit-live'
import { readAuditQuery } from './audit-query'
import type { AnyDb, Db } from './db/open'
import { requirePrincipal, type AuthEnv, type Principal } from './http/auth'
import { userAgentOf } from './http/client'
import { route } from './http/route'
import type { Services } from './services'

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

/** Adds one entry to the organization's trail; pass the write's transaction so both stand or fall together. */
export async function audit(db: AnyDb | Db, organizationId: string, actor: Actor, write: AuditWrite, at: string): Promise<void> {
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
export function auditRoutes(services: Services) {
  const db = services.db
  return new Hono<AuthEnv>().get(route('/audit/'), requirePrincipal(services), async (c) => {
    const principal = c.var.principal
    const { visible, recordId, actorId, action, from, to, page, perPage } = readAuditQuery(c, principal)
    if (!visible.length) {
      c.header('X-Total-Count', '0')
      return c.json([])
    }
    let query = db
      .selectFrom('audit_events')
      .where('organization_id', '=', principal.organizationId)
      .where('collection', 'in', visible)
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
          changes: parseChanges(row.changes),
          ip: row.ip,
          user_agent: row.user_agent,
        }),
      ),
    )
  })
}
