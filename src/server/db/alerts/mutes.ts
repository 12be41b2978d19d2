import type { AnyDb, Db } from '../open'
import type { AlertMuteRow } from '../schema'

/** A mute with the names of its rule and device, where it has them. */
export type NamedMute = AlertMuteRow & { rule_name: string | null; device_name: string | null }

/** The organization's mutes in force at `now` (ISO), soonest to end first. */
export async function mutesInForce(db: Db, organizationId: string, now: string): Promise<NamedMute[]> {
  return await db
    .selectFrom('alert_mutes as m')
    .leftJoin('alert_rules as r', (join) => join.onRef('r.id', '=', 'm.rule_id').on('r.organization_id', '=', organizationId))
    .leftJoin('devices as d', (join) => join.onRef('d.id', '=', 'm.device_id').on('d.organization_id', '=', organizationId))
    .selectAll('m')
    .select(['r.name as rule_name', 'd.name as device_name'])
    .where('m.organization_id', '=', organizationId)
    .where('m.until', '>', now)
    .orderBy('m.until')
    .execute()
}

/** The organization's rule `id`, its id and name. */
export const ruleNamed = (db: AnyDb | Db, organizationId: string, id: string) =>
  (db as Db).selectFrom('alert_rules').select(['id', 'name']).where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst()

/** The organization's device `id`, its id and name. */
export const deviceNamed = (db: AnyDb | Db, organizationId: string, id: string) =>
  (db as Db).selectFrom('devices').select(['id', 'name']).where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst()

/** Keeps a new mute. */
export async function insertMute(db: AnyDb | Db, row: AlertMuteRow): Promise<void> {
  await (db as Db).insertInto('alert_mutes').values(row).execute()
}

/** The organization's mute `id`. */
export const findMute = (db: AnyDb | Db, organizationId: string, id: string): Promise<AlertMuteRow | undefined> =>
  (db as Db).selectFrom('alert_mutes').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst()

/** Removes the organization's mute `id`. */
export async function deleteMute(db: AnyDb | Db, organizationId: string, id: string): Promise<void> {
  await (db as Db).deleteFrom('alert_mutes').where('id', '=', id).where('organization_id', '=', organizationId).execute()
}
