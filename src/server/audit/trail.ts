import type { ActorKind, AuditChange } from '../../contract/audit'
import type { Right } from '../../contract/rights'
import { accessKeyName, appIdName, insertAuditEvent, userNames } from '../db/audit'
import type { AnyDb, Db } from '../db/open'
import { orderedId } from '../ordered-id'
import { namedChanges, safeChanges } from './changes'
import type { WrittenEntries } from './live'

/** Who wrote, and from where. */
export interface Actor {
  kind: ActorKind
  id: string
  name: string
  ip: string
  userAgent: string
  /** The request's list of written entries (see `Origin`); none outside a request. */
  written?: WrittenEntries
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

/** Where a write came from: the client's address and its user agent, and the request's list of written entries. */
export interface Origin {
  ip: string
  userAgent: string
  written?: WrittenEntries
}

/** Who a principal is, as far as the trail names it. */
export interface Writer {
  kind: 'user' | 'key' | 'app' | 'device'
  userId: string
  keyId?: string
  appId?: string
}

/** The writer as the trail names them: the user's name, the key's or the app id's. */
export async function actorFrom(db: Db, writer: Writer, from: Origin): Promise<Actor> {
  if (writer.kind === 'key' && writer.keyId) return { kind: 'key', id: writer.keyId, name: (await accessKeyName(db, writer.keyId)) ?? '', ...from }
  if (writer.kind === 'app' && writer.appId) return { kind: 'app', id: writer.appId, name: (await appIdName(db, writer.appId)) ?? '', ...from }
  return userActor(db, writer.userId, from)
}

/** A user as the trail names them, for writes made before any principal exists (sign-in, invitation). */
export async function userActor(db: Db, userId: string, from: Origin): Promise<Actor> {
  const user = await userNames(db, userId)
  return { kind: 'user', id: userId, name: user?.name || user?.email || '', ...from }
}

/** Adds one entry to the organization's trail and answers its id; pass the write's transaction so both stand or fall together. */
export async function audit(db: AnyDb | Db, organizationId: string, actor: Actor, write: AuditWrite, at: string): Promise<string> {
  const id = orderedId()
  await insertAuditEvent(db, {
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
  actor.written?.push({ organizationId, event: { id, collection: write.collection, action: write.action, record_id: write.recordId } })
  return id
}
