import { sql } from 'kysely'
import type { AnyDb, Db } from './open'

// What enrolling, approval and the sweep of ephemeral devices read and write of a device.

/** The organization's device of `serial`, as enrolling again finds it. */
export const deviceBySerial = (db: AnyDb, organizationId: string, serial: string): Promise<{ id: string; name: string; status: string; version: number } | undefined> =>
  db.selectFrom('devices').select(['id', 'name', 'status', 'version']).where('organization_id', '=', organizationId).where('serial', '=', serial).executeTakeFirst()

/**
 * Notes that the device re-attached at `now`, which holds its row until the enrollment commits: of
 * two re-attaching at once, the second revokes the first's credential, so one credential stands.
 */
export async function holdReattaching(db: AnyDb, deviceId: string, now: string): Promise<void> {
  await db.updateTable('devices').set({ updated_at: now }).where('id', '=', deviceId).execute()
}

/** Approves a pending device: it is provisioning until its next heartbeat. Answers its new version, or undefined when it was not pending. */
export async function approvePending(db: AnyDb, organizationId: string, deviceId: string, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable('devices')
    .set({ status: 'provisioning', updated_at: now, version: sql`version + 1` })
    .where('id', '=', deviceId)
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'pending')
    .returning('version')
    .executeTakeFirst()
  return row ? Number(row.version) : undefined
}

/**
 * Sets an approved device back to pending while it is still provisioning and has sent no heartbeat
 * since (`lastSeen` as it was at the approval). Answers its new version, or undefined when it moved on.
 */
export async function unapprove(db: AnyDb, organizationId: string, deviceId: string, lastSeen: string | null, now: string): Promise<number | undefined> {
  const row = await db
    .updateTable('devices')
    .set({ status: 'pending', updated_at: now, version: sql`version + 1` })
    .where('id', '=', deviceId)
    .where('organization_id', '=', organizationId)
    .where('status', '=', 'provisioning')
    .where('last_seen', lastSeen === null ? 'is' : '=', lastSeen)
    .returning('version')
    .executeTakeFirst()
  return row ? Number(row.version) : undefined
}

/**
 * Ephemeral devices silent since before `cutoff`: seen last before it, or never seen and made
 * before it; at most `limit`, so one sweep stays short.
 */
export const silentEphemeralDevices = (db: Db, cutoff: string, limit: number) =>
  db
    .selectFrom('devices')
    .select(['id', 'organization_id', 'name', 'version'])
    .where('ephemeral', '=', 1)
    .where((eb) => eb.or([eb('last_seen', '<', cutoff), eb.and([eb('last_seen', 'is', null), eb('created_at', '<', cutoff)])]))
    .where('status', '!=', 'online')
    .limit(limit)
    .execute()

/** Deletes the organization's device `id` when it is still silent since `cutoff`; answers whether it did. */
export async function deleteSilentDevice(db: AnyDb, organizationId: string, deviceId: string, cutoff: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('devices')
    .where('id', '=', deviceId)
    .where('organization_id', '=', organizationId)
    .where('ephemeral', '=', 1)
    .where((eb) => eb.or([eb('last_seen', '<', cutoff), eb.and([eb('last_seen', 'is', null), eb('created_at', '<', cutoff)])]))
    .executeTakeFirst()
  return deleted.numDeletedRows !== 0n
}

/** Deletes a device still pending (its credentials go with it); answers whether it did. */
export async function deletePending(db: AnyDb, organizationId: string, deviceId: string): Promise<boolean> {
  const deleted = await db.deleteFrom('devices').where('id', '=', deviceId).where('organization_id', '=', organizationId).where('status', '=', 'pending').executeTakeFirst()
  return deleted.numDeletedRows !== 0n
}

/** Whether the organization's device `id` is there and enabled. */
export async function deviceEnabled(db: AnyDb, organizationId: string, deviceId: string): Promise<boolean> {
  const row = await db.selectFrom('devices').select('enabled').where('id', '=', deviceId).where('organization_id', '=', organizationId).executeTakeFirst()
  return !!row && Number(row.enabled) === 1
}
