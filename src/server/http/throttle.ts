import type { Db } from '../db/open'
import { hitThrottle, pruneThrottles, refundThrottles } from '../db/throttle'
import { hashSecret } from '../auth/tokens'
import { message } from '../messages'
import type { RequestContext, Rule, Throttle } from '../services'
import { clientKey } from './client'
import { ApiError } from './errors'

export type { Counted, Rule, Throttle } from '../services'

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

const LONGEST_WINDOW = Math.max(...Object.values(RULES).map((rule) => rule.windowMs))

export function createThrottle(db: Db, now: () => Date, clientAddress: (c: RequestContext) => string): Throttle {
  async function hit(key: string, rule: Rule, at: Date) {
    const row = await hitThrottle(db, key, at.toISOString(), new Date(at.getTime() - rule.windowMs).toISOString())
    const wait = Math.ceil((Date.parse(row.window_start) + rule.windowMs - at.getTime()) / 1000)
    return row.hits > rule.limit ? Math.max(1, wait) : 0
  }

  const refund = (keys: string[]) => refundThrottles(db, keys)

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
      await pruneThrottles(db, ended)
    },
  }
}
