import { planOf } from '../../contract/billing'
import type { BulkAction, BulkCollection, BulkParams } from '../../contract/bulk'
import type { BaseRecord, CollectionName } from '../../contract/collections'
import { MAX_TAGS, type Device } from '../../contract/devices'
import type { AccessKey } from '../../contract/access-keys'
import type { Right } from '../../contract/rights'
import type { Tunnel } from '../../contract/tunnels'
import type { UserRecord } from '../../contract/users'
import { parseRights } from '../auth/accounts'
import { checkCap } from '../billing/caps'
import { lockOrganization } from '../billing/usage'
import { accessKeys, endMadeWith } from '../access-keys/service'
import { devices, enabledColumns, tagColumns } from '../collections/devices'
import type { CollectionModule, WriteContext } from '../collections/engine'
import { tunnels } from '../collections/tunnels'
import { rightsOfRoles, rowsOf } from '../db/bulk'
import { deleteDeviceAt, deviceHolding, deviceWithTunnels, restoreRow } from '../db/devices'
import { updateRecord } from '../db/records'
import { Problem } from '../problem'
import { message } from '../messages'
import { heldRights, keepAdministrator, lockoutOf } from '../people/keep-administrator'
import { checkRoles, leaveOrganization, mustHoldRoles, mustOutrank, setRoles, tellUser } from '../people/members'
import { users } from '../people/users'
import { approveOne, unapproveOne } from './approve-devices'

// What each bulk action does to one record, and how its undo puts the record back: the checks a
// single write of the record makes (rights, tenancy, version, the collection's own rules), made
// again for each record inside its batch's transaction. A record that fails one is skipped with
// the reason, never the whole job.

type Row = Record<string, unknown>
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyModule = CollectionModule<any, any, any>

/** The collection modules bulk actions work on: records are read as their lists read them. */
export const BULK_MODULES: Record<BulkCollection, AnyModule> = { devices, access_keys: accessKeys, users, tunnels }

/** A record change a batch made, told to open consoles once the batch is committed. */
export interface BulkChange {
  collection: CollectionName
  id: string
  action: 'create' | 'update' | 'delete'
  version: number
}

/** One batch's transaction and what the action's records share in it. */
export interface BatchContext extends WriteContext {
  collection: BulkCollection
  action: BulkAction
  params: BulkParams
  changes: BulkChange[]
  /** Users: the rights of each active user as they stand after the batch's changes so far. */
  held?: Map<string, Set<Right>>
  /** Users' set_roles: the roles given and their rights; `refusal` when they are no longer the organization's. */
  roles?: { ids: string[]; rights: Set<Right> }
  /** Every record of the batch is skipped with this reason (roles deleted since the preview). */
  refusal?: string
  /** Devices' undo of a delete: devices and tunnels counted against the plan's limits. */
  plan?: { devices: number; tunnels: number; limits: { devices: number; tunnels: number } }
}

/** What an action did to a record: changed (with what puts it back) or skipped (why). */
export type Applied = { before: unknown; version: number | null; change: BulkChange['action'] } | { reason: string }

/** A changed record as its undo reads it back. */
export interface UndoItem {
  record_id: string
  name: string
  before: Row
  after_version: number | null
}

/** What an undo did to a record; `also` names related records it could not bring back (a tunnel past the plan). */
export type Restored = { also?: { id: string; name: string; reason: string }[] } | { reason: string }

export interface BulkHandler {
  /** Runs first in each batch's transaction (locks, what the records share). */
  prepare?(ctx: BatchContext, undo: boolean): Promise<void>
  apply(ctx: BatchContext, current: BaseRecord): Promise<Applied>
  /** Puts back a record the job changed, if nobody changed it since; `current` is the record now, if it exists. */
  restore(ctx: BatchContext, item: UndoItem, current: BaseRecord | undefined): Promise<Restored>
  /** Runs last in each batch's transaction; throwing undoes the batch. */
  finish?(ctx: BatchContext): Promise<void>
}

const unchanged = () => ({ reason: message('bulkUnchanged') })
const lostRace = () => ({ reason: message('conflict') })

/**
 * Writes `values` to the record if it still has `version` (the version read in this transaction,
 * or the one the job left for an undo), moving the version on; answers the new version, or null
 * when another write took it first.
 */
async function bump(ctx: BatchContext, id: string, version: number, values: Row): Promise<number | null> {
  const module = BULK_MODULES[ctx.collection]
  const at = { table: module.table, idColumn: module.idColumn ?? 'id', id, organizationId: ctx.principal.organizationId, version }
  return (await updateRecord(ctx.db, at, values, ctx.now)) ? version + 1 : null
}

/** Puts `values` back on a record the job left at `after_version`; a record changed or gone since is left and named. */
async function putBack(ctx: BatchContext, item: UndoItem, current: BaseRecord | undefined, values: Row): Promise<Restored> {
  if (!current) return { reason: message('bulkGone') }
  if (item.after_version === null || current.version !== item.after_version) return { reason: message('bulkChangedSince') }
  const version = await bump(ctx, item.record_id, item.after_version, values)
  if (version === null) return { reason: message('bulkChangedSince') }
  ctx.changes.push({ collection: ctx.collection, id: item.record_id, action: 'update', version })
  return {}
}

/** A refusal a single write would answer with a 4xx: the domain's `Problem`, or an answer the edge made. */
export const isRefusal = (error: unknown): error is Error =>
  error instanceof Problem ? error.kind !== 'unavailable' : error instanceof Error && typeof (error as unknown as { status?: unknown }).status === 'number' && (error as unknown as { status: number }).status < 500

/** Turns the refusal a single write would answer into a skip; anything else stays an error. */
async function refused<T>(work: () => Promise<T>): Promise<T | { reason: string }> {
  try {
    return await work()
  } catch (error) {
    if (isRefusal(error)) return { reason: error.message }
    throw error
  }
}

/** Tags: added or removed one at a time, at most MAX_TAGS, as the device form allows; disabled or enabled as the device form's switch does it. */
const deviceHandler: BulkHandler = {
  async prepare(ctx, undo) {
    if (!undo || ctx.action !== 'delete') return
    // Bringing devices back adds to what the plan counts: counted once per batch, under the organization's lock.
    const organization = await lockOrganization(ctx.db, ctx.principal.organizationId)
    const limits = planOf(organization?.plan ?? 'free').limits
    const count = (table: 'devices' | 'tunnels') => rowsOf(ctx.db, table, ctx.principal.organizationId)
    ctx.plan = { devices: await count('devices'), tunnels: await count('tunnels'), limits: { devices: limits.devices, tunnels: limits.tunnels } }
  },
  async apply(ctx, record) {
    const current = record as Device
    const tag = ctx.params.tag?.trim() ?? ''
    if (ctx.action === 'tag_add' || ctx.action === 'tag_remove') {
      const has = current.tags.includes(tag)
      if (ctx.action === 'tag_add' ? has : !has) return unchanged()
      if (ctx.action === 'tag_add' && current.tags.length >= MAX_TAGS) return { reason: message('bulkTooManyTags', { max: MAX_TAGS }) }
      const tags = ctx.action === 'tag_add' ? [...current.tags, tag] : current.tags.filter((each) => each !== tag)
      const version = await bump(ctx, current.id, current.version, tagColumns(tags))
      return version === null ? lostRace() : { before: { tags: current.tags }, version, change: 'update' }
    }
    if (ctx.action === 'set_location') {
      const location = ctx.params.location ?? ''
      if (current.location === location) return unchanged()
      const version = await bump(ctx, current.id, current.version, { location })
      return version === null ? lostRace() : { before: { location: current.location }, version, change: 'update' }
    }
    if (ctx.action === 'disable' || ctx.action === 'enable') {
      const values = enabledColumns(ctx.action === 'enable', current)
      if (!Object.keys(values).length) return unchanged()
      const version = await bump(ctx, current.id, current.version, values)
      if (version === null) return lostRace()
      if (ctx.action === 'disable') ctx.later(() => ctx.services.hub.disconnect(`device:${current.id}`))
      return { before: { enabled: current.enabled }, version, change: 'update' }
    }
    if (ctx.action === 'approve') return approveOne(ctx, current)
    // delete: the whole row and its tunnels are kept with the item, so an undo brings them back as they were.
    const organizationId = ctx.principal.organizationId
    const { row, tunnels: tunnelRows } = await deviceWithTunnels(ctx.db, organizationId, current.id)
    if (!row || Number(row.version) !== current.version) return lostRace()
    if (!(await deleteDeviceAt(ctx.db, organizationId, current.id, current.version))) return lostRace()
    ctx.later(() => ctx.services.hub.disconnect(`device:${current.id}`))
    for (const tunnel of tunnelRows) ctx.changes.push({ collection: 'tunnels', id: String(tunnel.id), action: 'delete', version: Number(tunnel.version) + 1 })
    return { before: { row, tunnels: tunnelRows }, version: null, change: 'delete' }
  },
  async restore(ctx, item, current) {
    if (ctx.action === 'tag_add' || ctx.action === 'tag_remove') return putBack(ctx, item, current, tagColumns((item.before.tags as string[]) ?? []))
    if (ctx.action === 'set_location') return putBack(ctx, item, current, { location: String(item.before.location ?? '') })
    // The device's status is its heartbeats' to tell: one enabled again by the undo stays offline until it beats.
    // (A heartbeat moves no version, so a device enabled meanwhile and disabled again by the undo goes offline.)
    if (ctx.action === 'disable' || ctx.action === 'enable') return putBack(ctx, item, current, enabledColumns(item.before.enabled !== false))
    if (ctx.action === 'approve') {
      const back = await unapproveOne(ctx, item.before, current as Device | undefined)
      if ('version' in back) ctx.changes.push({ collection: 'devices', id: item.record_id, action: 'update', version: back.version })
      return 'version' in back ? {} : back
    }
    // A deleted device comes back with its id, its fields and its tunnels, if its id and serial are
    // still free and the plan has room; its heartbeat history went with it.
    if (current) return { reason: message('bulkChangedSince') }
    const organizationId = ctx.principal.organizationId
    const plan = ctx.plan!
    if (plan.devices >= plan.limits.devices) return { reason: message('planLimitDevices', { limit: plan.limits.devices }) }
    const row = item.before.row as Row
    const taken = await deviceHolding(ctx.db, organizationId, item.record_id, String(row.serial))
    if (taken) return { reason: taken.id === item.record_id ? message('bulkChangedSince') : message('duplicateSerial') }
    const version = Number(row.version) + 1
    await restoreRow(ctx.db, 'devices', { ...row, organization_id: organizationId, updated_at: ctx.now, version })
    plan.devices++
    ctx.changes.push({ collection: 'devices', id: item.record_id, action: 'create', version })
    const also: { id: string; name: string; reason: string }[] = []
    for (const tunnel of (item.before.tunnels as Row[]) ?? []) {
      if (plan.tunnels >= plan.limits.tunnels) {
        also.push({ id: String(tunnel.id), name: String(tunnel.name), reason: message('bulkRestoredTunnelLimit', { limit: plan.limits.tunnels }) })
        continue
      }
      const tunnelVersion = Number(tunnel.version) + 1
      await restoreRow(ctx.db, 'tunnels', { ...tunnel, organization_id: organizationId, device_id: item.record_id, updated_at: ctx.now, version: tunnelVersion })
      plan.tunnels++
      ctx.changes.push({ collection: 'tunnels', id: String(tunnel.id), action: 'create', version: tunnelVersion })
    }
    return { also }
  },
}

/** Revoked as `DELETE /access_keys/{id}` revokes: its streams end, the keys it made are revoked, its app ids' tokens end. */
const keyHandler: BulkHandler = {
  async apply(ctx, record) {
    const current = record as AccessKey
    if (current.revoked_at) return unchanged()
    const version = await bump(ctx, current.id, current.version, { revoked_at: ctx.now })
    if (version === null) return lostRace()
    ctx.later(() => ctx.services.hub.disconnect(`key:${current.id}`))
    await endMadeWith(ctx, current.id)
    return { before: { revoked_at: null }, version, change: 'update' }
  },
  // The keys it made and its app ids' tokens stay ended: only the key the job revoked comes back.
  restore: async (ctx, item, current) => (await refused(() => checkCap(ctx, 'access_keys'))) ?? putBack(ctx, item, current, { revoked_at: null }),
}

/** The rights the roles `ids` give together. */
async function rolesRights(ctx: BatchContext, ids: readonly string[]): Promise<Set<Right>> {
  if (!ids.length) return new Set()
  const rows = await rightsOfRoles(ctx.db, ctx.principal.organizationId, [...ids])
  return new Set(rows.flatMap((row) => parseRights(row.rights)))
}

/**
 * The lockout rule weighed before each user changes: `held` is what the active users hold after
 * the batch's changes so far, read under the organization's lock, so two jobs or a job and a single
 * edit at once run one after the other and each sees the other's result. The batch ends with the
 * rule's own check (`keepAdministrator`), which would undo the batch if the weighing were wrong.
 */
function weigh(ctx: BatchContext, userId: string, rights: Set<Right> | null): { reason: string } | Map<string, Set<Right>> {
  const next = new Map(ctx.held)
  if (!next.has(userId)) return next
  if (rights) next.set(userId, rights)
  else next.delete(userId)
  const refusal = lockoutOf(next)
  return refusal ? { reason: message(refusal) } : next
}

/** Disabled or given roles as `PUT /users/{id}` does it, never disabling the caller, never locking the organization out. */
const userHandler: BulkHandler = {
  async prepare(ctx) {
    const organizationId = ctx.principal.organizationId
    await lockOrganization(ctx.db, organizationId)
    ctx.held = await heldRights(ctx.db, organizationId)
    if (ctx.action === 'set_roles') {
      const ids = await refused(() => checkRoles(ctx.db, organizationId, ctx.params.roles ?? []))
      if ('reason' in ids) ctx.refusal = ids.reason
      else ctx.roles = { ids, rights: await rolesRights(ctx, ids) }
    }
  },
  async apply(ctx, record) {
    const current = record as UserRecord
    if (ctx.action === 'disable') {
      if (current.id === ctx.principal.userId) return { reason: message('bulkSelf') }
      if (current.status === 'invited') return { reason: message('invitedStatus') }
      if (current.status === 'disabled') return unchanged()
      const outranked = await refused(() => mustOutrank(ctx, current.id))
      if (outranked) return outranked
      const next = weigh(ctx, current.id, null)
      if ('reason' in next) return next
      const version = await bump(ctx, current.id, current.version, { status: 'disabled' })
      if (version === null) return lostRace()
      ctx.held = next
      await leaveOrganization(ctx, current.id)
      await tellUser(ctx, current.id)
      return { before: { status: current.status }, version, change: 'update' }
    }
    const roles = ctx.roles!
    const had = current.roles.map((role) => role.id)
    if (had.length === roles.ids.length && roles.ids.every((id) => had.includes(id))) return unchanged()
    const allowed = await refused(async () => {
      await mustOutrank(ctx, current.id)
      await mustHoldRoles(ctx, roles.ids.filter((id) => !had.includes(id)))
    })
    if (allowed) return allowed
    const next = weigh(ctx, current.id, roles.rights)
    if ('reason' in next) return next
    const version = await bump(ctx, current.id, current.version, {})
    if (version === null) return lostRace()
    await setRoles(ctx.db, ctx.principal.organizationId, current.id, roles.ids, ctx.now)
    ctx.held = next
    await tellUser(ctx, current.id)
    return { before: { roles: had }, version, change: 'update' }
  },
  async restore(ctx, item, record) {
    const current = record as UserRecord | undefined
    if (!current) return { reason: message('bulkGone') }
    if (current.version !== item.after_version) return { reason: message('bulkChangedSince') }
    const outranked = await refused(() => mustOutrank(ctx, current.id))
    if (outranked) return outranked
    if (ctx.action === 'disable') {
      const done = await putBack(ctx, item, current, { status: String(item.before.status ?? 'active') })
      if (!('reason' in done)) await tellUser(ctx, current.id)
      return done
    }
    const was = (item.before.roles as string[]) ?? []
    const ids = await refused(() => checkRoles(ctx.db, ctx.principal.organizationId, was))
    if ('reason' in ids) return ids
    const had = current.roles.map((role) => role.id)
    const allowed = await refused(() => mustHoldRoles(ctx, ids.filter((id) => !had.includes(id))))
    if (allowed) return allowed
    const next = weigh(ctx, current.id, await rolesRights(ctx, ids))
    if ('reason' in next) return next
    const done = await putBack(ctx, item, current, {})
    if ('reason' in done) return done
    await setRoles(ctx.db, ctx.principal.organizationId, current.id, ids, ctx.now)
    ctx.held = next
    await tellUser(ctx, current.id)
    return done
  },
  // The rule itself, after the batch's changes: should the weighing above ever be wrong, the batch is undone.
  finish: (ctx) => keepAdministrator(ctx.db, ctx.principal.organizationId),
}

/** Enabled or disabled; a tunnel's count against the plan does not move. */
const tunnelHandler: BulkHandler = {
  async apply(ctx, record) {
    const current = record as Tunnel
    const enabled = ctx.action === 'enable'
    if (current.enabled === enabled) return unchanged()
    const version = await bump(ctx, current.id, current.version, { enabled: enabled ? 1 : 0 })
    return version === null ? lostRace() : { before: { enabled: current.enabled }, version, change: 'update' }
  },
  restore: (ctx, item, current) => putBack(ctx, item, current, { enabled: item.before.enabled ? 1 : 0 }),
}

export const BULK_HANDLERS: Record<BulkCollection, BulkHandler> = { devices: deviceHandler, access_keys: keyHandler, users: userHandler, tunnels: tunnelHandler }
