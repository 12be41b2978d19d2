import { sql } from 'kysely'
import type { AnyDb, Db } from '../open'

/** What an organization's mail is counted in: alert mails an hour (`alerts`), confirmation requests a day (`requests`). */
export type WindowKind = 'alerts' | 'requests'

/**
 * Adds `cost` to the organization's window of `kind` if it stays within `limit`, in one statement:
 * a window that started by `ended` starts afresh at `start`, and two processes (or two requests)
 * taking at once cannot both pass the limit. Answers whether it was taken.
 */
export async function takeFromWindow(db: AnyDb | Db, organizationId: string, kind: WindowKind, cost: number, limit: number, start: string, ended: string): Promise<boolean> {
  const rows = await (db as Db)
    .insertInto('alert_mail_windows')
    .values({ organization_id: organizationId, kind, window_start: start, used: cost, held_at: null })
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'kind'])
        .doUpdateSet({
          used: sql<number>`case when alert_mail_windows.window_start <= ${ended} then ${cost} else alert_mail_windows.used + ${cost} end`,
          held_at: sql<string | null>`case when alert_mail_windows.window_start <= ${ended} then null else alert_mail_windows.held_at end`,
          window_start: sql<string>`case when alert_mail_windows.window_start <= ${ended} then ${start} else alert_mail_windows.window_start end`,
        })
        .where((eb) => eb.or([eb('alert_mail_windows.window_start', '<=', ended), eb(sql<number>`alert_mail_windows.used + ${cost}`, '<=', limit)])),
    )
    .returning('used')
    .execute()
  return rows.length > 0
}

/** Gives back what was taken and not sent (another process sent it first). */
export async function giveBack(db: Db, organizationId: string, kind: WindowKind, cost: number): Promise<void> {
  await db
    .updateTable('alert_mail_windows')
    .set({ used: sql<number>`case when used > ${cost} then used - ${cost} else 0 end` })
    .where('organization_id', '=', organizationId)
    .where('kind', '=', kind)
    .execute()
}

/**
 * Marks the alerts window as holding mail back; answers true the first time in a window, so the
 * hold is told once, not at every sweep.
 */
export async function markHeld(db: Db, organizationId: string, at: Date): Promise<boolean> {
  const rows = await db
    .updateTable('alert_mail_windows')
    .set({ held_at: at.toISOString() })
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'alerts')
    .where('held_at', 'is', null)
    .returning('organization_id')
    .execute()
  return rows.length > 0
}

/** The organization's window of `kind` as kept: when it started and what it used; nothing when it never had one. */
export const windowRow = (db: AnyDb | Db, organizationId: string, kind: WindowKind) =>
  (db as Db).selectFrom('alert_mail_windows').select(['window_start', 'used']).where('organization_id', '=', organizationId).where('kind', '=', kind).executeTakeFirst()
