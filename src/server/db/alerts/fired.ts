import type { AnyDb, Db } from '../open'
import type { AlertRow } from '../schema'

/** An alert with its rule's name. */
export type AlertWithRule = AlertRow & { rule_name: string }

/** Which fired alerts a list holds: firing, resolved or all, of a rule, of a device. */
export interface AlertsFilter {
  state: 'firing' | 'resolved' | 'all'
  ruleId?: string
  deviceId?: string
}

const fired = (db: AnyDb | Db, organizationId: string) =>
  (db as Db)
    .selectFrom('alerts as a')
    .innerJoin('alert_rules as r', 'r.id', 'a.rule_id')
    .where('a.organization_id', '=', organizationId)
    .where('a.fired_at', 'is not', null)

/** The organization's alert `id` that fired, with its rule's name. */
export async function firedAlert(db: AnyDb | Db, organizationId: string, id: string): Promise<AlertWithRule | undefined> {
  return (await fired(db, organizationId).selectAll('a').select('r.name as rule_name').where('a.id', '=', id).executeTakeFirst()) as AlertWithRule | undefined
}

/** A page of the organization's fired alerts, newest first, and the total of all pages. */
export async function firedAlertsPage(db: Db, organizationId: string, filter: AlertsFilter, page: number, perPage: number): Promise<{ rows: AlertWithRule[]; total: number }> {
  let query = fired(db, organizationId)
  if (filter.state === 'firing') query = query.where('a.resolved_at', 'is', null)
  if (filter.state === 'resolved') query = query.where('a.resolved_at', 'is not', null)
  if (filter.ruleId) query = query.where('a.rule_id', '=', filter.ruleId)
  if (filter.deviceId) query = query.where('a.subject_id', '=', filter.deviceId)
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
  const rows = await query
    .selectAll('a')
    .select('r.name as rule_name')
    .orderBy('a.fired_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute()
  return { rows: rows as AlertWithRule[], total: Number(counted?.total ?? 0) }
}

/** Marks the organization's alert `id` acknowledged, by whom and with what note. */
export async function markAcked(db: AnyDb | Db, organizationId: string, id: string, ack: { at: string; by: string; note: string }): Promise<void> {
  await (db as Db).updateTable('alerts').set({ acked_at: ack.at, acked_by: ack.by, ack_note: ack.note }).where('id', '=', id).where('organization_id', '=', organizationId).execute()
}

/** How many alerts of the organization wait past its mail limit. */
export async function heldMailCount(db: Db, organizationId: string): Promise<number> {
  const held = await db.selectFrom('alert_mail_held').select((eb) => eb.fn.countAll<number>().as('count')).where('organization_id', '=', organizationId).executeTakeFirst()
  return Number(held?.count ?? 0)
}
