import type { AnyDb, Db } from '../open'
import type { AlertRow } from '../schema'

/** A subject an alert is about: a device or an access key. */
export interface Subject {
  kind: 'device' | 'key'
  id: string
  name: string
}

/** The organization's enabled rules, as rows. */
export const enabledRulesOf = (db: Db, organizationId: string) =>
  db.selectFrom('alert_rules as t').selectAll('t').where('t.organization_id', '=', organizationId).where('t.enabled', '=', 1).execute()

/** Every organization's enabled rules, as rows. */
export const enabledRules = (db: Db) => db.selectFrom('alert_rules').selectAll().where('enabled', '=', 1).execute()

/** The organization's open alerts: their rule and subject. */
export const openAlertsOf = (db: Db, organizationId: string) =>
  db.selectFrom('alerts').select(['rule_id', 'subject_id']).where('organization_id', '=', organizationId).where('resolved_at', 'is', null).execute()

/** A rule's open alerts: subject, start and firing. */
export const openAlertsOfRule = (db: Db, ruleId: string) =>
  db.selectFrom('alerts').select(['subject_id', 'started_at', 'fired_at']).where('rule_id', '=', ruleId).where('resolved_at', 'is', null).execute()

/** The open alert of a rule on a subject: its start and firing. */
export const openAlertOn = (db: Db, ruleId: string, subjectId: string) =>
  db.selectFrom('alerts').select(['started_at', 'fired_at']).where('rule_id', '=', ruleId).where('subject_id', '=', subjectId).where('resolved_at', 'is', null).executeTakeFirst()

/** Adds an alert; with `unlessOpen`, nothing when one is open for its rule and subject. Answers the ids added. */
export async function insertAlert(db: Db, row: Omit<AlertRow, 'last_notified_at' | 'resolved_notified_at' | 'acked_at' | 'acked_by' | 'ack_note'>, unlessOpen: boolean): Promise<string[]> {
  const insert = db.insertInto('alerts').values(row)
  const rows = await (unlessOpen ? insert.onConflict((oc) => oc.doNothing()) : insert).returning('id').execute()
  return rows.map((added) => added.id)
}

/** Removes the open alert of a rule on a subject that never fired. */
export async function deleteWaiting(db: Db, ruleId: string, subjectId: string): Promise<void> {
  await db.deleteFrom('alerts').where('rule_id', '=', ruleId).where('subject_id', '=', subjectId).where('resolved_at', 'is', null).where('fired_at', 'is', null).execute()
}

/** Resolves the open alerts of a rule on these subjects at `at`; answers those resolved. */
export const resolveOpen = (db: Db, ruleId: string, subjectIds: string[], at: string) =>
  db.updateTable('alerts').set({ resolved_at: at }).where('rule_id', '=', ruleId).where('subject_id', 'in', subjectIds).where('resolved_at', 'is', null).returning(['id', 'organization_id']).execute()

/** Fires the waiting alert of a rule on a subject at `at`; answers those fired. */
export const fireWaiting = (db: Db, ruleId: string, subjectId: string, at: string) =>
  db
    .updateTable('alerts')
    .set({ fired_at: at })
    .where('rule_id', '=', ruleId)
    .where('subject_id', '=', subjectId)
    .where('resolved_at', 'is', null)
    .where('fired_at', 'is', null)
    .returning(['id', 'organization_id'])
    .execute()

/** The metrics of a device's latest heartbeat that carried `reading`. */
export const latestMetrics = (db: Db, deviceId: string, reading: 'latency_ms' | 'cpu' | 'memory') =>
  db
    .selectFrom('heartbeats')
    .select(['latency_ms', 'cpu', 'memory'])
    .where('device_id', '=', deviceId)
    .where(reading, 'is not', null)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst()

/** Whether a rule fired on a subject after `since`. */
export const firedSince = async (db: Db, ruleId: string, subjectId: string, since: string): Promise<boolean> =>
  !!(await db.selectFrom('alerts').select('id').where('rule_id', '=', ruleId).where('subject_id', '=', subjectId).where('fired_at', '>', since).executeTakeFirst())

/** Ends, quietly, the open alerts of disabled rules at `at`; answers those ended. */
export const endAlertsOfDisabledRules = (db: Db, at: string) =>
  db
    .updateTable('alerts')
    .set({ resolved_at: at, resolved_notified_at: at })
    .where('resolved_at', 'is', null)
    .where('rule_id', 'in', (eb) => eb.selectFrom('alert_rules').select('id').where('enabled', '=', 0))
    .returning(['id', 'organization_id', 'fired_at'])
    .execute()

/** Every organization's mutes in force at `at`. */
export const mutesAt = (db: Db, at: string) => db.selectFrom('alert_mutes').select(['organization_id', 'rule_id', 'device_id']).where('until', '>', at).execute()

/** An organization's name, empty when it is gone. */
export const organizationName = async (db: AnyDb | Db, organizationId: string): Promise<string> =>
  (await (db as Db).selectFrom('organizations').select('name').where('id', '=', organizationId).executeTakeFirst())?.name ?? ''

/** The organization's enabled devices (or the one `deviceId` names) silent since before `silentBefore`, else in error. */
export function devicesHolding(db: Db, organizationId: string, deviceId: string | undefined, silentBefore: string | undefined) {
  let query = db.selectFrom('devices').select(['id', 'name', 'tags', 'last_seen', 'status']).where('organization_id', '=', organizationId).where('enabled', '=', 1)
  if (deviceId !== undefined) query = query.where('id', '=', deviceId)
  query = silentBefore !== undefined ? query.where('last_seen', 'is not', null).where('last_seen', '<', silentBefore) : query.where('status', '=', 'error')
  return query.execute()
}

/** The organization's live keys expiring after `from` and by `until`. */
export const keysExpiring = (db: Db, organizationId: string, from: string, until: string) =>
  db
    .selectFrom('access_keys')
    .select(['id', 'name', 'expires_at'])
    .where('organization_id', '=', organizationId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', from)
    .where('expires_at', '<=', until)
    .execute()
