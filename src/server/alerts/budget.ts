import type { AnyDb, Db } from '../db/open'
import { takeFromWindow, windowRow, type WindowKind } from '../db/alerts/mail-windows'

/** What an organization's mail is counted in: alert mails an hour, confirmation requests a day. */
export const WINDOWS: Record<WindowKind, number> = {
  alerts: 3600_000,
  requests: 86400_000,
}

/**
 * Takes `count` mails from the organization's window of `kind` if they fit under `limit`, at once:
 * a new window starts once the last one has ended, and two processes (or two requests) taking at
 * once cannot both pass the limit. Answers whether they were taken.
 */
export async function take(db: AnyDb | Db, organizationId: string, kind: WindowKind, count: number, limit: number, at: Date): Promise<boolean> {
  if (count <= 0) return true
  if (count > limit) return false
  const ended = new Date(at.getTime() - WINDOWS[kind]).toISOString()
  return takeFromWindow(db, organizationId, kind, count, limit, at.toISOString(), ended)
}

/** The organization's current window of `kind`: what it used and when it ends; nothing when none is running. */
export async function windowOf(db: AnyDb | Db, organizationId: string, kind: WindowKind, at: Date): Promise<{ used: number; endsAt: string } | undefined> {
  const row = await windowRow(db, organizationId, kind)
  if (!row) return undefined
  const ends = Date.parse(row.window_start) + WINDOWS[kind]
  return ends > at.getTime() ? { used: Number(row.used), endsAt: new Date(ends).toISOString() } : undefined
}
