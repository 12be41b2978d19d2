import type { Db } from '../open'

/** A rule's fired, unacknowledged alerts due a mail: firing and never mailed or mailed by `cutoff`, or a return never told. */
export const dueFiring = (db: Db, ruleId: string, cutoff: string) =>
  db
    .selectFrom('alerts')
    .select(['id', 'subject_id'])
    .where('rule_id', '=', ruleId)
    .where('fired_at', 'is not', null)
    .where('acked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('resolved_at', 'is', null), eb.or([eb('last_notified_at', 'is', null), eb('last_notified_at', '<=', cutoff)])]),
        eb.and([eb('condition', '=', 'online'), eb('last_notified_at', 'is', null)]),
      ]),
    )
    .execute()

/** Claims alerts `ids` for a mail at `at`, those still unmailed since `cutoff`; answers the claimed. */
export const claimFiring = (db: Db, ids: string[], at: string, cutoff: string) =>
  db
    .updateTable('alerts')
    .set((eb) => ({ last_notified_at: at, notified_count: eb('notified_count', '+', 1) }))
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('last_notified_at', 'is', null), eb('last_notified_at', '<=', cutoff)]))
    .returning(['id', 'subject_id', 'subject_kind', 'subject_name', 'started_at', 'resolved_at', 'notified_count'])
    .execute()

/** A rule's ended alerts that were mailed while firing and whose end is not told yet. */
export const dueResolved = (db: Db, ruleId: string) =>
  db
    .selectFrom('alerts')
    .select(['id', 'subject_id'])
    .where('rule_id', '=', ruleId)
    .where('resolved_at', 'is not', null)
    .where('last_notified_at', 'is not', null)
    .where('resolved_notified_at', 'is', null)
    .execute()

/** Claims the ends of alerts `ids` for a mail at `at`; answers the claimed. */
export const claimResolved = (db: Db, ids: string[], at: string) =>
  db
    .updateTable('alerts')
    .set({ resolved_notified_at: at })
    .where('id', 'in', ids)
    .where('resolved_notified_at', 'is', null)
    .returning(['id', 'subject_id', 'subject_kind', 'subject_name', 'started_at', 'resolved_at', 'condition'])
    .execute()
