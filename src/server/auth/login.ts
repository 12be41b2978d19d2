import { Hono } from 'hono'
import { LoginBody } from '../../contract/auth'
import { API } from '../../contract/paths'
import type { AuthAnswer } from '../../contract/user'
import { readBody } from '../http/body'
import { fail } from '../http/errors'
import { route } from '../http/route'
import { RULES } from '../http/throttle'
import { message } from '../messages'
import type { Services } from '../services'
import { findUserByEmail, loadUser, normalizeEmail } from './accounts'
import { issueToken } from './tokens'

/** Signs the user in and answers the user with a fresh token, as sign-in and register do. */
export async function signedInAnswer(
  services: Services,
  userId: string,
  key: 'signedIn' | 'registered',
  remember = false,
): Promise<AuthAnswer> {
  const auth_key = await issueToken(services.db, userId, services.now(), services.sessions, remember)
  const user = await loadUser(services.db, userId)
  if (!user) throw new Error(`User ${userId} vanished while signing in`)
  return { user: { ...user, auth_key }, message: message(key) }
}

export function loginRoutes(services: Services) {
  const { db, passwords } = services
  return new Hono().post(route(API.login), async (c) => {
    const body = await readBody(c, LoginBody)
    const email = normalizeEmail(body.email)
    // Counted before the password is checked, so parallel guesses cannot all pass one check.
    const attempt = await services.throttle.count(c, [RULES.signIn, RULES.signInClient], email)

    const user = await findUserByEmail(db, email)
    const valid = user ? await passwords.verify(body.password, user.password_hash) : await passwords.waste(body.password)
    if (!user || !valid || user.status !== 'active') throw fail(401, 'badCredentials')

    await attempt.refund()
    await db.updateTable('users').set({ last_sign_in: services.now().toISOString() }).where('id', '=', user.id).execute()
    return c.json(await signedInAnswer(services, user.id, 'signedIn', body.remember === true))
  })
}
