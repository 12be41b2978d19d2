import { Hono } from 'hono'
import { RegisterBody } from '../../contract/auth'
import { API } from '../../contract/paths'
import { isUniqueViolation } from '../db/errors'
import type { Db } from '../db/open'
import { invalidInput, readBody } from '../http/body'
import { fail } from '../http/errors'
import { route } from '../http/route'
import { RULES } from '../http/throttle'
import { message } from '../messages'
import type { Services } from '../services'
import { createAccount, createOrganization, findUserByEmail, type NewAccount } from './accounts'
import { weakPassword } from './common-passwords'
import { originOf, signedInAnswer } from './login'
import { describe } from '../openapi/registry'

/**
 * Makes the account an invitation made for this address (`status` invited, no password) the
 * registrant's own, with an organization as `createAccount` gives; its invitations stay open, to be
 * accepted as this account. Undefined when it is no longer such an account (accepted meanwhile).
 */
export async function claimInvitedAccount(db: Db, userId: string, account: NewAccount): Promise<string | undefined> {
  const at = account.now.toISOString()
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('users')
      .set({ name: account.name.trim(), password_hash: account.passwordHash, status: 'active', updated_at: at })
      .where('id', '=', userId)
      .where('status', '=', 'invited')
      .executeTakeFirst()
    if (claimed.numUpdatedRows === 0n) return undefined
    await trx.updateTable('members').set({ current: 0 }).where('user_id', '=', userId).execute()
    await createOrganization(trx, { name: account.organization, userId, now: at, current: true })
    return userId
  })
}

/**
 * Creates the account and signs it in. A new user administers an organization of their own, so
 * the console works for them at once; an administrator can later invite them elsewhere. An
 * address that was only invited registers too, taking over the account made for the invitation.
 */
describe({
  method: 'post',
  path: API.register,
  tag: 'Sign-in',
  summary: 'Register',
  description: 'Makes an account and its own organization, and signs it in. 10 registrations per client an hour, then 429.',
  caller: 'public',
  body: RegisterBody,
  example: { name: 'Ada Lovelace', email: 'ada@example.com', password: '<new password>' },
  answers: {
    201: { description: 'Registered and signed in.', body: { ref: 'SignedIn' } },
    409: { description: 'The address has an account already.', body: { ref: 'Error' } },
    429: { description: 'Too many registrations.', body: { ref: 'Error' }, headers: ['Retry-After'] },
  },
})

export function registerRoutes(services: Services) {
  const { db, passwords } = services
  return new Hono().post(route(API.register), async (c) => {
    const body = await readBody(c, RegisterBody)
    await services.throttle.count(c, [RULES.register])
    const weak = weakPassword(body.password, body.email)
    if (weak) throw invalidInput({ password: weak }, message('weakPassword'))
    const existing = await findUserByEmail(db, body.email)
    // An address only invited so far has no owner yet: registering makes its account the registrant's.
    if (existing && existing.status !== 'invited') throw fail(409, 'emailTaken')
    const name = body.name.trim()
    const account = { organization: `${name}'s organization`, name, email: body.email, passwordHash: await passwords.hash(body.password), now: services.now() }
    let userId: string | undefined
    try {
      userId = existing ? await claimInvitedAccount(db, existing.id, account) : await createAccount(db, account)
    } catch (error) {
      // Two registrations of one address at the same moment: the second loses at the index.
      if (isUniqueViolation(error, 'users.email')) throw fail(409, 'emailTaken')
      throw error
    }
    if (!userId) throw fail(409, 'emailTaken')
    return c.json(await signedInAnswer(services, userId, 'registered', originOf(services, c, 'password')), 201)
  })
}
