import type { Db } from '../open'
import type { AlertMailHeldRow } from '../schema'

/** Claims every held alert of the rule: the rows are gone, their alert and kind answered. */
export const takeHeldOf = (db: Db, ruleId: string) => db.deleteFrom('alert_mail_held').where('rule_id', '=', ruleId).returning(['alert_id', 'kind']).execute()

/** The alerts `ids` as a mail lists them: subject and times. */
export const alertsListed = (db: Db, ids: string[]) => db.selectFrom('alerts').select(['id', 'subject_name', 'started_at', 'resolved_at']).where('id', 'in', ids).execute()

/** Holds alerts back for their rule's next mail; an alert held already for its rule and kind stays as it is. */
export async function insertHeld(db: Db, rows: AlertMailHeldRow[]): Promise<void> {
  await db.insertInto('alert_mail_held').values(rows).onConflict((oc) => oc.columns(['rule_id', 'alert_id', 'kind']).doNothing()).execute()
}

/** Drops what disabled rules held. */
export async function dropHeldOfDisabledRules(db: Db): Promise<void> {
  await db.deleteFrom('alert_mail_held').where('rule_id', 'in', (eb) => eb.selectFrom('alert_rules').select('id').where('enabled', '=', 0)).execute()
}

/** The rules that hold mail back. */
export async function rulesHolding(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('alert_mail_held').select('rule_id').distinct().execute()
  return rows.map((row) => row.rule_id)
}
