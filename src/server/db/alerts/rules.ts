import type { AnyDb, Db } from '../open'
import type { AnySelect } from '../records'

/** The organization's alert rules as their list reads them, aliased `t`, with their device's name. */
export const alertRulesOf = (db: AnyDb, organizationId: string): AnySelect =>
  db
    .selectFrom('alert_rules as t')
    .leftJoin('devices as d', (join) => join.onRef('d.id', '=', 't.device_id').onRef('d.organization_id', '=', 't.organization_id'))
    .selectAll('t')
    .select('d.name as device_name')
    .where('t.organization_id', '=', organizationId)

/** Those of `userIds` whose membership of the organization is active. */
export async function activeMembersAmong(db: AnyDb | Db, organizationId: string, userIds: readonly string[]): Promise<string[]> {
  const rows = await (db as Db)
    .selectFrom('members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', [...userIds])
    .where('status', '=', 'active')
    .execute()
  return rows.map((row) => row.user_id)
}

/** Those of `webhookIds` that are webhooks of the organization. */
export async function webhooksAmong(db: AnyDb | Db, organizationId: string, webhookIds: readonly string[]): Promise<string[]> {
  const rows = await (db as Db).selectFrom('webhooks').select('id').where('organization_id', '=', organizationId).where('id', 'in', [...webhookIds]).execute()
  return rows.map((row) => row.id)
}
