import type { Context } from 'hono'
import { sql } from 'kysely'
import type { Db } from '../db/open'
import { hashSecret } from '../auth/tokens'
import { message, type ServerKey } from '../messages'
import { clientKey } from './client'
import { ApiError } from './errors'

/**
 * At most `limit` attempts within a window of `windowMs`, counted per client and what it tries on
 * (`subject`, e.g. an address), or per client alone (`perClient`); or, through `countFor`, per
 * what the caller names whoever the client is, refused with `refusal` (`{{limit}}`, `{{seconds}}`).
 */
export interface Rule {
  name: string
  limit: number
  windowMs: number
  perClient?: true
  refusal?: ServerKey
}

const MINUTE = 60_000

/**
 * Every throttled route counts twice: by what is tried on (an address) together with who tries,
 * so a stranger cannot lock an owner out, and by who tries alone, so nobody sprays many addresses.
 */
export const RULES = {
  signIn: { name: 'sign-in', limit: 10, windowMs: 15 * MINUTE },
  signInClient: { name: 'sign-in-client', limit: 30, windowMs: 15 * MINUTE, perClient: true },
  register: { name: 'register', limit: 10, windowMs: 60 * MINUTE, perClient: true },
  /** Messages of the landing page's contact form from one client, and from anyone to the server (`countFor`, its limit set by `CONTACT_MAILS_PER_HOUR`). */
  contact: { name: 'contact', limit: 5, windowMs: 60 * MINUTE, perClient: true },
  contactServer: { name: 'contact-server', limit: 30, windowMs: 60 * MINUTE, refusal: 'tooManyContactMails' },
  forgot: { name: 'forgot', limit: 3, windowMs: 60 * MINUTE },
  forgotClient: { name: 'forgot-client', limit: 10, windowMs: 60 * MINUTE, perClient: true },
  reset: { name: 'reset', limit: 10, windowMs: 15 * MINUTE, perClient: true },
  exchange: { name: 'exchange', limit: 20, windowMs: 15 * MINUTE, perClient: true },
  /** Failed client authentications at `POST /oauth/token`; a success gives its attempt back. */
  appToken: { name: 'app-token', limit: 20, windowMs: 15 * MINUTE, perClient: true },
  invitation: { name: 'invitation', limit: 20, windowMs: 15 * MINUTE, perClient: true },
  /** Test events of one webhook, and of one organization (`countFor`). */
  webhookTest: { name: 'webhook-test', limit: 10, windowMs: MINUTE, refusal: 'tooManyWebhookTests' },
  webhookTestOrganization: { name: 'webhook-test-organization', limit: 20, windowMs: MINUTE, refusal: 'tooManyOrganizationWebhookTests' },
} satisfies Record<string, Rule>

export interface Counted {
  /** Gives the attempts back, e.g. after a successful sign-in, so only failures use up the limit. */
  refund(): Promise<void>
}

export interface Throttle {
  /**
   * Counts one attempt by the caller under each rule before any work is done; throws 429 with
   * `Retry-After` when one is past its limit.
   */
  count(c: Context, rules: readonly Rule[], subject?: string): Promise<Counted>
  /**
   * Counts one use under each rule in turn, keyed by its subject alone (an organization, a
   * webhook) from whichever client or process; past a limit throws 429 with `Retry-After` and that
   * rule's refusal, and the use is given back to the rules before it and never counted by the ones
   * after, so a limit is reached by the uses let through only.
   */
  countFor(uses: readonly { rule: Rule; subject: string }[]): Promise<void>
  /** Deletes the counts whose window has ended. */
  prune(): Promise<void>
}

const LONGEST_WINDOW = Math.max(...Object.values(RULES).map((rule) => rule.windowMs))

export function createThrottle(db: Db, now: () => Date, clientAddress: (c: Context) => string): Throttle {
  /** One statement, so parallel attempts cannot all read the same count before any is written. */
  async function hit(key: string, rule: Rule, at: Date) {
    const start = at.toISOString()
    const expired = new Date(at.getTime() - rule.windowMs).toISOString()
    const row = await db
      .insertInto('throttles')
      .values({ key, window_start: start, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when throttles.window_start <= ${expired} then 1 else throttles.hits + 1 end`,
          window_start: sql<string>`case when throttles.window_start <= ${expired} then ${start} else throttles.window_start end`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow()
    const wait = Math.ceil((Date.parse(row.window_start) + rule.windowMs - at.getTime()) / 1000)
    return row.hits > rule.limit ? Math.max(1, wait) : 0
  }

  const refund = async (keys: string[]) => {
    await db
      .updateTable('throttles')
      .set({ hits: sql<number>`case when hits > 0 then hits - 1 else 0 end` })
      .where('key', 'in', keys)
      .execute()
  }

  return {
    async count(c, rules, subject) {
      const client = clientKey(clientAddress(c))
      const at = now()
      const keys = rules.map((rule) => hashSecret([rule.name, client, rule.perClient ? '' : (subject ?? '')].join('\n')))
      let wait = 0
      for (const [index, rule] of rules.entries()) wait = Math.max(wait, await hit(keys[index]!, rule, at))
      if (wait > 0) {
        throw new ApiError(429, message('tooManyAttempts', { minutes: Math.ceil(wait / 60) }), undefined, {
          'Retry-After': String(wait),
        })
      }
      return { refund: () => refund(keys) }
    },
    async countFor(uses) {
      const at = now()
      const keys: string[] = []
      for (const { rule, subject } of uses) {
        keys.push(hashSecret([rule.name, subject].join('\n')))
        const wait = await hit(keys.at(-1)!, rule, at)
        if (wait === 0) continue
        // Only uses let through stay counted, so racing refused ones never hold off an allowed one.
        await refund(keys)
        const text = rule.refusal ? message(rule.refusal, { limit: rule.limit, seconds: wait }) : message('tooManyAttempts', { minutes: Math.ceil(wait / 60) })
        throw new ApiError(429, text, undefined, { 'Retry-After': String(wait) })
      }
    },
    async prune() {
      const ended = new Date(now().getTime() - LONGEST_WINDOW).toISOString()
      await db.deleteFrom('throttles').where('window_start', '<=', ended).execute()
    },
  }
}
