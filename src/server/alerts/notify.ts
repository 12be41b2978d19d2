import type { AlertRule } from '../../contract/alerts'
import type { WebhookEvent } from '../../contract/webhooks'
import { claimFiring, claimResolved, dueFiring, dueResolved } from '../db/alerts/notices'
import type { Db } from '../db/open'
import { eventIdOf, type Webhooks } from '../webhooks/service'
import type { createAlertMail } from './deliver'
import type { Tell } from './firings'
import type { Noticed } from './mail'
import { chunks } from './watch'

/** An alert claimed for a notification, with what its webhook event names. */
type Claimed = Noticed & { id: string; subject_id: string; subject_kind: string; notified_count?: number }

/** A rule with its organization. */
export type OwnedRule = AlertRule & { organization_id: string }

/** A mute: of a rule, a device, or both. */
export type Mute = { rule_id: string | null; device_id: string | null }

/** Whether a mute holds for a rule on a device now. */
const mutedBy = (mutes: Mute[], ruleId: string, subjectId: string) =>
  mutes.some((mute) => (mute.rule_id === null || mute.rule_id === ruleId) && (mute.device_id === null || mute.device_id === subjectId))

/**
 * The webhook event of one notification: one alert, or a grouped one for a storm. Its id follows
 * from the alerts and the notification (the repeat's count, or the end), so queuing it twice
 * (a restart between the claim and the queue) makes one delivery.
 */
function eventOf(rule: OwnedRule, kind: 'firing' | 'resolved', items: Claimed[], at: string): WebhookEvent {
  const base = { created_at: at, organization_id: rule.organization_id, rule: { id: rule.id, name: rule.name } }
  if (items.length === 1) {
    const item = items[0]!
    const device = item.subject_kind === 'device' ? { id: item.subject_id, name: item.subject_name } : null
    return {
      id: eventIdOf(item.id, kind, kind === 'firing' ? String(item.notified_count ?? 0) : 'end'),
      type: kind === 'firing' ? 'alert.firing' : 'alert.resolved',
      ...base,
      device,
      alert: {
        id: item.id,
        condition: rule.condition,
        state: kind,
        subject_kind: item.subject_kind === 'key' ? 'key' : 'device',
        subject_id: item.subject_id,
        subject_name: item.subject_name,
        started_at: item.started_at,
        resolved_at: item.resolved_at,
      },
    }
  }
  const sorted = [...items].sort((a, b) => a.subject_name.localeCompare(b.subject_name))
  return {
    id: eventIdOf(kind, at, ...sorted.map((item) => item.id).sort()),
    type: 'alert.grouped',
    ...base,
    state: kind,
    device: null,
    devices: sorted.map((item) => ({ id: item.subject_id, name: item.subject_name, alert_id: item.id, started_at: item.started_at, resolved_at: item.resolved_at })),
    alert: null,
  }
}

/** What notifying needs: the database, the mail, the webhooks, the consoles. */
export interface NotifyParts {
  db: Db
  mail: ReturnType<typeof createAlertMail>
  webhooks?: Pick<Webhooks, 'enqueue' | 'kick'>
  tell: Tell
}

/**
 * Claims the alerts of a rule that are due a mail and sends one mail per recipient for all of
 * them (a storm is one grouped mail): firing ones never mailed or mailed a repeat interval ago,
 * then ended ones that were mailed while firing. The claim is a conditional update, so a second
 * evaluator, or this one after a restart, finds nothing left to send.
 */
export async function notify(parts: NotifyParts, rule: OwnedRule, organization: string, mutes: Mute[], at: string, hasHeld: boolean) {
  const { db, tell } = parts
  const cutoff = new Date(Date.parse(at) - rule.repeat_s * 1000).toISOString()
  const due = await dueFiring(db, rule.id, cutoff)
  const firing: Claimed[] = []
  for (const part of chunks(due.filter((row) => !mutedBy(mutes, rule.id, row.subject_id)).map((row) => row.id))) {
    const claimed = await claimFiring(db, part, at, cutoff)
    // The consoles show how often an alert was mailed.
    for (const row of claimed) tell(rule.organization_id, row.id, 'update')
    firing.push(...claimed)
  }
  const ended = await dueResolved(db, rule.id)
  const resolved: Claimed[] = []
  for (const part of chunks(ended.map((row) => row.id))) {
    const claimed = await claimResolved(db, part, at)
    // A return is told once, as it happens; a muted device's end is kept quiet.
    resolved.push(...claimed.filter((row) => row.condition !== 'online' && !mutedBy(mutes, rule.id, row.subject_id)))
  }
  if (!firing.length && !resolved.length && !hasHeld) return
  if ((firing.length || resolved.length) && rule.webhook_ids.length && parts.webhooks) {
    for (const [kind, items] of [
      ['firing', firing],
      ['resolved', resolved],
    ] as const) {
      if (items.length) await parts.webhooks.enqueue(db, rule.organization_id, rule.webhook_ids, eventOf(rule, kind, items, at))
    }
    parts.webhooks.kick()
  }
  await parts.mail.deliver(rule, rule.organization_id, organization, { firing, resolved }, hasHeld, at)
}
