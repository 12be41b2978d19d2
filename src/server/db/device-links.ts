import type { Db } from './open'

// The agents linked to a server process, and what a link reads of its device's tunnels.

/** Notes that `processId` holds the device's link from now; a link held elsewhere before is taken over. */
export async function upsertLink(db: Db, link: { deviceId: string; organizationId: string; processId: string; at: string }): Promise<void> {
  await db
    .insertInto('device_links')
    .values({ device_id: link.deviceId, organization_id: link.organizationId, process_id: link.processId, linked_at: link.at })
    .onConflict((oc) => oc.column('device_id').doUpdateSet({ organization_id: link.organizationId, process_id: link.processId, linked_at: link.at }))
    .execute()
}

/** Deletes the device's link row while `processId` still holds it; answers whether it did. */
export async function deleteLink(db: Db, deviceId: string, processId: string): Promise<boolean> {
  const deleted = await db.deleteFrom('device_links').where('device_id', '=', deviceId).where('process_id', '=', processId).executeTakeFirst()
  return deleted.numDeletedRows !== 0n
}

/** Deletes every link row of `processId` (it is stopping, or starting afresh). */
export async function deleteLinksOf(db: Db, processId: string): Promise<void> {
  await db.deleteFrom('device_links').where('process_id', '=', processId).execute()
}

/** The process holding the device's link, or undefined when the device is not linked. */
export async function linkHolder(db: Db, deviceId: string): Promise<string | undefined> {
  const row = await db.selectFrom('device_links').select('process_id').where('device_id', '=', deviceId).executeTakeFirst()
  return row?.process_id
}

/** The device's tunnels as its link tells them: what each reaches, whether it is on, its version. */
export function linkTunnels(db: Db, organizationId: string, deviceId: string) {
  return db
    .selectFrom('tunnels')
    .select(['id', 'protocol', 'target_host', 'local_port', 'enabled', 'version'])
    .where('organization_id', '=', organizationId)
    .where('device_id', '=', deviceId)
    .orderBy('id')
    .execute()
}

/** The organization's tunnel `id` as a connection through it needs it, with its device's state; undefined when the organization has none such. */
export function tunnelToConnect(db: Db, organizationId: string, id: string) {
  return db
    .selectFrom('tunnels as t')
    .innerJoin('devices as d', 'd.id', 't.device_id')
    .leftJoin('device_links as l', 'l.device_id', 't.device_id')
    .select(['t.id', 't.device_id', 't.protocol', 't.enabled', 'd.enabled as device_enabled', 'd.status as device_status', 'l.process_id'])
    .where('t.organization_id', '=', organizationId)
    .where('t.id', '=', id)
    .executeTakeFirst()
}

/** Stamps `processId`'s link rows as alive at `at`; answers how many it holds. */
export async function stampLinks(db: Db, processId: string, at: string): Promise<number> {
  const stamped = await db.updateTable('device_links').set({ linked_at: at }).where('process_id', '=', processId).executeTakeFirst()
  return Number(stamped.numUpdatedRows)
}

/** Deletes the link rows no process stamped since `before` (their process died): the devices they named. */
export function deleteStaleLinks(db: Db, before: string): Promise<{ device_id: string; organization_id: string }[]> {
  return db.deleteFrom('device_links').where('linked_at', '<', before).returning(['device_id', 'organization_id']).execute()
}

/** Deletes every link row: a console of one process starting finds none of its agents linked yet. */
export async function deleteAllLinks(db: Db): Promise<void> {
  await db.deleteFrom('device_links').execute()
}

/** Whether the credential was renewed and is neither revoked nor expired at `at`: its agent holds the newer one. */
export async function credentialRenewed(db: Db, credentialId: string, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('device_credentials')
    .select('id')
    .where('id', '=', credentialId)
    .where('replaced_at', 'is not', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst()
  return !!row
}
