import type { AlertRule } from '../../contract/alerts'
import type { Db } from '../db/open'
import type { Logger } from '../log'
import type { Mailer } from '../mail'
import { alertsListed, dropHeldOfDisabledRules, insertHeld, rulesHolding, takeHeldOf } from '../db/alerts/held'
import { giveBack, markHeld } from '../db/alerts/mail-windows'
import { emailsOfMembers } from '../db/alerts/recipients'
import { take } from './budget'
import { composeNotice, type Noticed } from './mail'
import { mailable } from './recipients'

type Kind = 'firing' | 'resolved'
/** Rows read or written per statement. */
const CHUNK = 200
const chunks = <T>(list: T[]): T[][] => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, index) => list.slice(index * CHUNK, (index + 1) * CHUNK))
/** An alert of a notification, by id, as its mail lists it. */
export type Item = Noticed & { id: string }

export interface AlertMailOptions {
  db: Db
  mailer: Mailer
  log: Logger
  /** Alert mails an organization sends in an hour at most. */
  perHour: number
  /** The console's origin for the links in the mails (`PUBLIC_URL`, else this server on localhost). */
  origin: () => string
}

/**
 * Sends a rule's notifications within its organization's hourly limit of alert mails (one mail
 * is one recipient). What does not fit is held, as rows, and goes out with the rule's next
 * notification that fits: one mail per rule and kind, folding everything held meanwhile.
 */
export function createAlertMail({ db, mailer, log, perHour, origin }: AlertMailOptions) {
  /** Who a rule mails: its organization's active users it names, and its addresses that may be mailed, each once. */
  async function recipientsOf(rule: AlertRule, organizationId: string): Promise<string[]> {
    const users = rule.user_ids.length ? await emailsOfMembers(db, organizationId, rule.user_ids) : []
    return [...new Set([...users.map((email) => email.toLowerCase()), ...(await mailable(db, organizationId, rule.emails))])]
  }

  /** Claims every held alert of the rule, as the items of its mail. */
  async function takeHeld(ruleId: string): Promise<Record<Kind, Item[]>> {
    const rows = await takeHeldOf(db, ruleId)
    const items: Item[] = []
    for (const part of chunks([...new Set(rows.map((row) => row.alert_id))])) {
      items.push(...(await alertsListed(db, part)))
    }
    const byId = new Map(items.map((item) => [item.id, item]))
    const of = (kind: Kind) => rows.filter((row) => row.kind === kind).flatMap((row) => byId.get(row.alert_id) ?? [])
    return { firing: of('firing'), resolved: of('resolved') }
  }

  async function hold(organizationId: string, ruleId: string, items: Record<Kind, Item[]>, at: string) {
    const rows = (['firing', 'resolved'] as const).flatMap((kind) => items[kind].map((item) => ({ organization_id: organizationId, rule_id: ruleId, alert_id: item.id, kind, held_at: at })))
    for (const part of chunks(rows)) await insertHeld(db, part)
    if (await markHeld(db, organizationId, new Date(at))) {
      log.info(`Alert mail of organization ${organizationId} is held: its limit of ${perHour} mails an hour is reached; what waits goes out folded, one mail per rule, when it allows`)
    }
  }

  const merged = (fresh: Item[], held: Item[]) => [...new Map([...held, ...fresh].map((item) => [item.id, item])).values()].sort((a, b) => a.subject_name.localeCompare(b.subject_name))

  return {
    /** The rules that have mail waiting, read once a sweep; a rule switched off no longer speaks, what it held neither. */
    async heldRules(): Promise<Set<string>> {
      await dropHeldOfDisabledRules(db)
      return new Set(await rulesHolding(db))
    },

    /** Mails a rule's new notifications (and what it held), or holds them past the limit. */
    async deliver(rule: AlertRule, organizationId: string, organization: string, fresh: Record<Kind, Item[]>, hasHeld: boolean, at: string) {
      const recipients = await recipientsOf(rule, organizationId)
      const held = hasHeld ? await takeHeld(rule.id) : { firing: [], resolved: [] }
      // Nobody to mail: what was held has nobody to go to either.
      if (!recipients.length) return
      const items = { firing: merged(fresh.firing, held.firing), resolved: merged(fresh.resolved, held.resolved) }
      const kinds = (['firing', 'resolved'] as const).filter((kind) => items[kind].length)
      if (!kinds.length) return
      // A notification wider than the whole limit takes a whole hour of its own.
      const cost = Math.min(recipients.length * kinds.length, perHour)
      if (!(await take(db, organizationId, 'alerts', cost, perHour, new Date(at)))) return hold(organizationId, rule.id, items, at)
      let sent = 0
      for (const kind of kinds) {
        const mail = composeNotice({ kind, rule, organization, items: items[kind], origin: origin() })
        for (const to of recipients) {
          await mailer.send({ to, ...mail }).then(
            () => sent++,
            (error: unknown) => log.error(`Alert mail to ${to} failed:`, error),
          )
        }
      }
      // A mail that failed is no mail sent.
      const charged = Math.min(sent, cost)
      if (charged < cost) await giveBack(db, organizationId, 'alerts', cost - charged)
    },
  }
}
