import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { ForgotBody, ResetBody } from '../../../contract/auth'
import { API } from '../../../contract/paths'
import { claimResetLink, closeResetLinksOf, insertResetLink, openResetLink, setPasswordHash } from '../../db/auth/password-resets'
import { inTransaction } from '../../db/transaction'
import { invalidInput, readBody } from '../../http/body'
import { fail } from '../../http/errors'
import { linkOrigin } from '../../http/origin'
import { route } from '../../http/route'
import { RULES } from '../../http/throttle'
import { message } from '../../messages'
import type { Services } from '../../services'
import { findUserByEmail, normalizeEmail } from '../accounts'
import { weakPassword } from '../common-passwords'
import { hashSecret, newSecret, revokeUserTokens } from '../tokens'
import { describe } from '../../openapi/registry'

export const RESET_MINUTES = 60

/**
 * Forgot and reset: a single-use link valid RESET_MINUTES, of which only the hash is kept. A new
 * link ends the ones sent before, so one address never has more than one live link.
 */
describe(
  {
    method: 'post',
    path: API.forgot,
    tag: 'Sign-in',
    summary: 'Ask for a password reset link',
    description: 'Mails a reset link to the address if it has an account; the answer is the same either way. 3 mails per address and 10 per client an hour, then 429.',
    caller: 'public',
    body: ForgotBody,
    example: { email: 'ada@example.com' },
    answers: {
      200: { description: 'A link was sent if the address has an account.', body: { ref: 'Message' } },
      429: { description: 'Too many mails asked for.', body: { ref: 'Error' }, headers: ['Retry-After'] },
    },
  },
  {
    method: 'post',
    path: API.reset,
    tag: 'Sign-in',
    summary: 'Set a new password with a reset link',
    description: 'Takes the token of a reset link and a new password; ends the account\'s sessions. 10 per client in 15 minutes, then 429.',
    caller: 'public',
    body: ResetBody,
    answers: {
      200: { description: 'The password is changed.', body: { ref: 'Message' } },
      400: { description: 'An unknown, used or expired link, or a password refused.', body: { ref: 'Error' } },
      429: { description: 'Too many attempts.', body: { ref: 'Error' }, headers: ['Retry-After'] },
    },
  },
)

export function passwordResetRoutes(services: Services) {
  const { db, passwords } = services

  async function sendResetLink(userId: string, email: string, origin: string) {
    const token = newSecret()
    const now = services.now()
    await closeResetLinksOf(db, userId, now.toISOString())
    await insertResetLink(db, {
      id: randomUUID(),
      tokenHash: hashSecret(token),
      userId,
      at: now.toISOString(),
      expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000).toISOString(),
    })
    const link = `${origin}/reset-password?token=${token}`
    const text = message('resetMailBody', { minutes: RESET_MINUTES, link })
    const { file } = await services.mailer.send({ to: email, subject: message('resetMailSubject'), text })
    // The link stays in the mail file (readable by the server's user only), never in the log.
    if (file) services.log.info(`Password reset mail for ${email} written to ${file}`)
  }

  return new Hono()
    .post(route(API.forgot), async (c) => {
      const body = await readBody(c, ForgotBody)
      await services.throttle.count(c, [RULES.forgot, RULES.forgotClient], normalizeEmail(body.email))
      const user = await findUserByEmail(db, body.email)
      if (user?.status === 'active') {
        const origin = linkOrigin(c, services.publicUrl)
        // Delivered after answering, so the answer takes as long for an unknown address.
        services.background.run(() => sendResetLink(user.id, user.email, origin))
      }
      return c.json({ message: message('forgotSent') })
    })
    .post(route(API.reset), async (c) => {
      const body = await readBody(c, ResetBody)
      await services.throttle.count(c, [RULES.reset])
      const now = services.now().toISOString()
      const reset = await openResetLink(db, hashSecret(body.token.trim()), now)
      if (!reset) throw fail(400, 'badResetToken')
      const weak = weakPassword(body.password, reset.email)
      if (weak) throw invalidInput({ password: weak }, message('weakPassword'))
      const passwordHash = await passwords.hash(body.password)

      const used = await inTransaction(db, async (trx) => {
        if (!(await claimResetLink(trx, reset.id, now))) return false
        // One new password makes every other link of this user pointless.
        await closeResetLinksOf(trx, reset.user_id, now)
        await setPasswordHash(trx, reset.user_id, passwordHash, now)
        await revokeUserTokens(trx, reset.user_id, new Date(now))
        return true
      })
      if (!used) throw fail(400, 'badResetToken')
      return c.json({ message: message('passwordReset') })
    })
}
