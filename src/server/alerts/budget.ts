import { sql } from 'kysely'
import type { AnyDb, Db } from '../db/open'

/** What an organization's mail is counted in: alert mails an hour, confirmation requests a day. */
export const WINDOWS = {
  alerts: 3600_000,
  requests: 86400_000,
} as const
export type WindowKind = keyof typeof WINDOWS

/**
 * Takes `count` mails from the organization's window of `kind` if they fit under `limit`, in one
 * statement: a new window starts once the last one has ended, and two processes (or two
 * requests) taking at once cannot both pass the limit. Answers whether they were taken.
 */
export async function take(db: AnyDb | Db, organizationId: string, kind: WindowKind, count: number, limit: number, at: Date): Promise<boolean> {
  if (count <= 0) return true
  if (count > limit) return false
  const cost = count
  const start = at.toISOString()
  const ended = new Date(at.getTime() - WINDOWS[kind]).toISOString()
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
 * Marks the window as holding mail back; answers true the first time in a window, so the hold is
 * told once, not at every sweep.
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

/** The organization's current window of `kind`: what it used and when it ends; nothing when none is running. */
export async function windowOf(db: AnyDb | Db, organizationId: string, kind: WindowKind, at: Date): Promise<{ used: number; endsAt: string } | undefined> {
  const row = await (db as Db).selectFrom('alert_mail_windows').select(['window_start', 'used']).where('organization_id', '=', organizationId).where('kind', '=', kind).executeTakeFirst()
  if (!row) return undefined
  const ends = Date.parse(row.window_start) + WINDOWS[kind]
  return ends > at.getTime() ? { used: Number(row.used), endsAt: new Date(ends).toISOString() } : undefined
}
