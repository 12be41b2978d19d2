import type { HeartbeatBody } from '../../contract/devices'
import { parseTags } from './devices'
import { databaseKind } from './kind'
import type { Db } from './open'

/** The organization's device `id` as a heartbeat needs it, if any, its tags read. */
export async function beatingDevice(db: Db, organizationId: string, id: string) {
  const device = await db
    .selectFrom('devices')
    .select(['id', 'status', 'name', 'tags', 'last_seen', 'enabled'])
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst()
  return device && { ...device, tags: parseTags(device.tags) }
}

/** A heartbeat as it is kept: the device's new state and the sample of its metrics, each as far as it was sent. */
export interface Beat {
  organizationId: string
  deviceId: string
  at: string
  status: string
  ip?: string
  firmware?: string
  os?: string
  metrics?: HeartbeatBody['metrics']
}

/**
 * Sets the device's state and keeps the heartbeat's metrics, in one transaction; only while the
 * device is enabled, read again by the write itself. An address, firmware or OS not sent keeps the
 * device's; a metric not sent is kept as null. Answers false, having written nothing, when the
 * device is not enabled (a disable committed since the caller read it).
 */
export function insertHeartbeat(db: Db, beat: Beat): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('devices')
      .set({
        status: beat.status,
        last_seen: beat.at,
        ...(beat.ip !== undefined && { ip: beat.ip }),
        ...(beat.firmware !== undefined && { firmware: beat.firmware }),
        ...(beat.os !== undefined && { os: beat.os }),
      })
      .where('id', '=', beat.deviceId)
      .where('enabled', '=', 1)
      .executeTakeFirst()
    if (updated.numUpdatedRows === 0n) return false
    await trx
      .insertInto('heartbeats')
      .values({
        device_id: beat.deviceId,
        organization_id: beat.organizationId,
        at: beat.at,
        status: beat.status,
        latency_ms: beat.metrics?.latency_ms ?? null,
        bytes_in: beat.metrics?.bytes_in ?? null,
        bytes_out: beat.metrics?.bytes_out ?? null,
        cpu: beat.metrics?.cpu ?? null,
        memory: beat.metrics?.memory ?? null,
      })
      .execute()
    return true
  })
}

/** Whether the organization has the device `id`. */
export async function hasDevice(db: Db, organizationId: string, id: string): Promise<boolean> {
  return !!(await db.selectFrom('devices').select('id').where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst())
}

/** The device's heartbeats from `since` to `until` (ISO, both included), oldest first. */
export const deviceHeartbeats = (db: Db, organizationId: string, deviceId: string, since: string, until: string) =>
  db
    .selectFrom('heartbeats')
    .select(['at', 'latency_ms', 'bytes_in', 'bytes_out'])
    .where('device_id', '=', deviceId)
    .where('organization_id', '=', organizationId)
    .where('at', '>=', since)
    .where('at', '<=', until)
    .orderBy('at')
    .execute()

/** Sets offline the online or failing devices last seen before `cutoff` (ISO); answers them. */
export const setSilentOffline = (db: Db, cutoff: string) =>
  db
    .updateTable('devices')
    .set({ status: 'offline' })
    .where('status', 'in', ['online', 'error'])
    .where('last_seen', '<', cutoff)
    .returning(['id', 'organization_id', 'last_seen'])
    .execute()

/**
 * Whether several processes may share the database (PostgreSQL): events then go through it to all
 * of them, and scheduled jobs run in one process at a time.
 */
export const sharedByProcesses = (db: Db): boolean => databaseKind(db) === 'postgres'
