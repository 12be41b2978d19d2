import { Hono, type Context } from 'hono'
import { LoginBody, RegisterBody } from '../../../contract/auth'
import { API } from '../../../contract/paths'
import { markSignedIn } from '../../db/auth/accounts'
import { isUniqueViolation } from '../../db/errors'
import { requireSession, unauthorized, type AuthEnv } from '../../http/auth'
import { invalidInput, readBody } from '../../http/body'
import { requestOrigin } from '../../http/client'
import { fail } from '../../http/errors'
import { route } from '../../http/route'
import { RULES } from '../../http/throttle'
import { streamHandle } from '../../live/stream'
import { message } from '../../messages'
import { describe } from '../../openapi/registry'
import type { Services } from '../../services'
import { claimInvitedAccount, createAccount, currentOrganization, findUserByEmail, loadUser, normalizeEmail } from '../accounts'
import { weakPassword } from '../common-passwords'
import { signedInAnswer } from '../signed-in'
import { revokeToken, type SignInOrigin } from '../tokens'

/** How the request `c` signs in with `method`: its address and browser. */
export const originOf = (services: Services, c: Context, method: string): SignInOrigin => ({
  method,
  ...requestOrigin(services, c),
})

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
    await markSignedIn(db, user.id, services.now().toISOString())
    return c.json(await signedInAnswer(services, user.id, 'signedIn', originOf(services, c, 'password'), body.remember === true))
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

/** The signed-in user (`GET /users/self`) and sign-out (`POST /logout`, which revokes the token). */
describe(
  {
    method: 'get',
    path: API.self,
    tag: 'Your account',
    summary: 'Who is signed in',
    description: 'The signed-in person, their rights in the current organization and their organizations.',
    caller: 'session',
    answers: { 200: { description: 'The person.', body: { ref: 'User' } } },
  },
  {
    method: 'post',
    path: API.logout,
    tag: 'Sign-in',
    summary: 'Sign out',
    description: 'Ends this session.',
    caller: 'session',
    answers: { 200: { description: 'Signed out.', body: { ref: 'Message' } } },
  },
)

export function selfRoutes(services: Services) {
  const session = requireSession(services)
  return new Hono<AuthEnv>()
    .get(route(API.self), session, async (c) => {
      const user = await loadUser(services.db, c.var.session.userId)
      if (!user) throw await unauthorized(services, c.var.session.token)
      return c.json(user)
    })
    .post(route(API.logout), session, async (c) => {
      await revokeToken(services.db, c.var.session.token, services.now())
      services.hub.disconnect(streamHandle({ kind: 'user', token: c.var.session.token }))
      return c.json({ message: message('signedOut') })
    })
}
