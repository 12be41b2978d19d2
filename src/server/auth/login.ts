import { Hono, type Context } from 'hono'
import { LoginBody } from '../../contract/auth'
import { API } from '../../contract/paths'
import type { AuthAnswer } from '../../contract/user'
import { audit, userActor } from '../audit'
import { readBody } from '../http/body'
import { userAgentOf } from '../http/client'
import { fail } from '../http/errors'
import { route } from '../http/route'
import { RULES } from '../http/throttle'
import { message } from '../messages'
import type { Services } from '../services'
import { currentOrganization, findUserByEmail, loadUser, normalizeEmail } from './accounts'
import { issueToken, type SignInOrigin } from './tokens'
import { describe } from '../openapi/registry'

/** How the request `c` signs in with `method`: its address and browser. */
export const originOf = (services: Services, c: Context, method: string): SignInOrigin => ({
  method,
  ip: services.clientAddress(c),
  userAgent: userAgentOf(c),
})

/** Signs the user in and answers the user with a fresh token, as sign-in and register do. */
export async function signedInAnswer(
  services: Services,
  userId: string,
  key: 'signedIn' | 'registered',
  origin: SignInOrigin,
  remember = false,
): Promise<AuthAnswer> {
  const now = services.now()
  const auth_key = await issueToken(services.db, userId, now, services.sessions, remember, origin)
  const user = await loadUser(services.db, userId)
  if (!user) throw new Error(`User ${userId} vanished while signing in`)
  if (user.organization.id) {
    const actor = await userActor(services.db, userId, { ip: origin.ip, userAgent: origin.userAgent })
    const write = { action: 'sign_in', collection: 'users' as const, recordId: userId, recordName: actor.name }
    await audit(services.db, user.organization.id, actor, write, now.toISOString())
  }
  return { user: { ...user, auth_key }, message: message(key) }
}

describe({
  method: 'post',
  path: API.login,
  tag: 'Sign-in',
  summary: 'Sign in',
  description: 'Trades an e-mail and password for a session token (`user.auth_key`), sent as `Authorization: Bearer` afterwards. 10 attempts per address and 30 per client in 15 minutes, then 429.',
  caller: 'public',
  body: LoginBody,
  example: { email: 'you@example.com', password: '<password>' },
  answers: {
    200: { description: 'Signed in.', body: { ref: 'SignedIn' } },
    401: { description: 'Wrong e-mail or password, or a disabled account.', body: { ref: 'Error' } },
    403: { description: 'The account belongs to no organization now.', body: { ref: 'Error' } },
    429: { description: 'Too many attempts.', body: { ref: 'Error' }, headers: ['Retry-After'] },
  },
})

export function loginRoutes(services: Services) {
  const { db, passwords } = services
  return new Hono().post(route(API.login), async (c) => {
    const body = await readBody(c, LoginBody)
    const email = normalizeEmail(body.email)
    // Counted before the password is checked, so parallel guesses cannot all pass one check.
    const attempt = await services.throttle.count(c, [RULES.signIn, RULES.signInClient], email)

    const user = await findUserByEmail(db, email)
    const valid = user?.password_hash ? await passwords.verify(body.password, user.password_hash) : await passwords.waste(body.password)
    if (!user || !valid || user.status !== 'active') throw fail(401, 'badCredentials')
    // The password was right: say plainly that the account is off, rather than that it is wrong.
    if (!(await currentOrganization(db, user.id))) throw fail(403, 'accountDisabled')

    await attempt.refund()
    await db.updateTable('users').set({ last_sign_in: services.now().toISOString() }).where('id', '=', user.id).execute()
    return c.json(await signedInAnswer(services, user.id, 'signedIn', originOf(services, c, 'password'), body.remember === true))
  })
}
