import type { Db } from './open'

/** The device's created time, if the organization has it. */
export const deviceCreatedAt = async (db: Db, organizationId: string, id: string): Promise<string | undefined> =>
  (await db.selectFrom('devices').select('created_at').where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst())?.created_at

/** The status of each of the device's heartbeats from `since` to `until` (ISO, both included), oldest first. */
export const deviceBeatStatuses = (db: Db, organizationId: string, deviceId: string, since: string, until: string) =>
  db
    .selectFrom('heartbeats')
    .select(['at', 'status'])
    .where('device_id', '=', deviceId)
    .where('organization_id', '=', organizationId)
    .where('at', '>=', since)
    .where('at', '<=', until)
    .orderBy('at')
    .execute()

/** The trail's entries that move a device in or out of `disabled` or `pending`: enrolled, approved, enabled or disabled. */
const statusEntries = (db: Db, organizationId: string, deviceId: string) =>
  db
    .selectFrom('audit_events')
    .select(['at', 'action', 'changes'])
    .where('organization_id', '=', organizationId)
    .where('collection', '=', 'devices')
    .where('record_id', '=', deviceId)
    .where((eb) => eb.or([eb('action', 'in', ['enroll', 'approve']), eb('changes', 'like', '%"field":"enabled"%')]))

/**
 * The device's entries that changed its status from `since` to `until` (oldest first, at most
 * `limit`), after the last one before `since`, which tells the status the range starts in.
 */
export async function deviceStatusEntries(db: Db, organizationId: string, deviceId: string, since: string, until: string, limit: number) {
  const before = await statusEntries(db, organizationId, deviceId).where('at', '<', since).orderBy('at', 'desc').orderBy('id', 'desc').limit(1).execute()
  const within = await statusEntries(db, organizationId, deviceId).where('at', '>=', since).where('at', '<=', until).orderBy('at').orderBy('id').limit(limit).execute()
  return [...before, ...within]
}
