import { Hono } from 'hono'
import { LoginBody } from '../../contract/auth'
import { API } from '../../contract/paths'
import type { AuthAnswer } from '../../contract/user'
import { readBody } from '../http/body'
import { ApiError, fail } from '../http/errors'
import { route } from '../http/route'
import { message } from '../messages'
import type { Services } from '../services'
import { findUserByEmail, loadUser, normalizeEmail } from './accounts'
import { clearFailedSignIns, recordFailedSignIn, signInWait } from './rate-limit'
import { issueToken } from './tokens'

/** Signs the user in and answers the user with a fresh token, as sign-in and register do. */
export async function signedInAnswer(services: Services, userId: string, key: 'signedIn' | 'registered'): Promise<AuthAnswer> {
  const auth_key = await issueToken(services.db, userId, services.now())
  const user = await loadUser(services.db, userId)
  if (!user) throw new Error(`User ${userId} vanished while signing in`)
  return { user: { ...user, auth_key }, message: message(key) }
}

export function loginRoutes(services: Services) {
  const { db, passwords } = services
  return new Hono().post(route(API.login), async (c) => {
    const body = await readBody(c, LoginBody)
    const email = normalizeEmail(body.email)
    const now = services.now()

    const wait = await signInWait(db, email, now)
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60)
      throw new ApiError(429, message('tooManyAttempts', { minutes }), undefined, { 'Retry-After': String(wait) })
    }

    const user = await findUserByEmail(db, email)
    const valid = user ? await passwords.verify(body.password, user.password_hash) : await passwords.waste(body.password)
    if (!user || !valid || user.status !== 'active') {
      await recordFailedSignIn(db, email, now)
      throw fail(401, 'badCredentials')
    }

    await clearFailedSignIns(db, email)
    await db.updateTable('users').set({ last_sign_in: now.toISOString() }).where('id', '=', user.id).execute()
    return c.json(await signedInAnswer(services, user.id, 'signedIn'))
  })
}
