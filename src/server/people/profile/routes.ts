import { Hono } from 'hono'
import { PasswordChange, PROFILE_API, ProfileUpdate } from '../../../contract/profile'
import { loadUser } from '../../auth/accounts'
import { weakPassword } from '../../auth/common-passwords'
import { hashSecret } from '../../auth/tokens'
import { closeResetLinksOf, setPasswordHash } from '../../db/auth/password-resets'
import { credentialsOf, nameAndPresenceOf, updateNameAndPresence } from '../../db/people/profile'
import { inTransaction } from '../../db/transaction'
import { requireSession, type AuthEnv } from '../../http/auth'
import { invalidInput, readBody } from '../../http/body'
import { ApiError, fail } from '../../http/errors'
import { route } from '../../http/route'
import { RULES } from '../../http/throttle'
import { message } from '../../messages'
import type { Services } from '../../services'
import { requestOrigin } from '../../http/client'
import { avatarRoutes } from '../avatars/routes'
import { diffRecords } from '../../audit/changes'
import { auditSelf, publishSelf, versionOfUser } from '../self'
import { disconnectSessions, endSessions, otherSessions } from '../own-sessions'
import { sessionListRoutes } from '../sessions/routes'
import { describe } from '../../openapi/registry'

/**
 * What a signed-in user changes about themselves, with no right needed: name and presence
 * (`PUT /users/self`), photo, password (`POST /users/self/password`) and sessions. Mounted before
 * the users collection, whose routes need the `users` right.
 */
describe(
  {
    method: 'put',
    path: PROFILE_API.self,
    tag: 'Your account',
    summary: 'Change your name and presence',
    caller: 'session',
    body: ProfileUpdate,
    example: { name: 'Ada Lovelace', presence: 'online' },
    answers: { 200: { description: 'You, as saved.', body: { ref: 'User' } } },
  },
  {
    method: 'post',
    path: PROFILE_API.password,
    tag: 'Your account',
    summary: 'Change your password',
    description: 'Takes the current password and a new one; ends your other sessions. Wrong current passwords count like sign-ins (429 past the limit).',
    caller: 'session',
    body: PasswordChange,
    answers: {
      200: { description: 'Changed.', body: { ref: 'Message' } },
      400: { description: 'The current password is wrong, or the new one is refused.', body: { ref: 'Error' } },
      429: { description: 'Too many wrong passwords.', body: { ref: 'Error' }, headers: ['Retry-After'] },
    },
  },
)

export function profileRoutes(services: Services) {
  const { db, passwords } = services
  const session = requireSession(services)

  return new Hono<AuthEnv>()
    .put(route(PROFILE_API.self), session, async (c) => {
      const body = await readBody(c, ProfileUpdate)
      const userId = c.var.session.userId
      const at = services.now().toISOString()
      const version = await inTransaction(db, async (trx) => {
        const before = await nameAndPresenceOf(trx, userId)
        const fields = (['name', 'presence'] as const).filter((field) => before[field] !== body[field])
        if (!fields.length) return undefined
        await updateNameAndPresence(trx, userId, { name: body.name, presence: body.presence }, at)
        const changes = diffRecords(before, { name: body.name, presence: body.presence })
        await auditSelf(services, requestOrigin(services, c), trx, userId, { action: 'update', fields: [...fields], changes })
        return versionOfUser(trx, userId)
      })
      if (version !== undefined) await publishSelf(services, userId, version)
      const user = await loadUser(db, userId)
      if (!user) throw fail(401, 'unauthorized')
      return c.json(user)
    })
    .post(route(PROFILE_API.password), session, async (c) => {
      const body = await readBody(c, PasswordChange)
      const { userId, token } = c.var.session
      const user = await credentialsOf(db, userId)
      // A stolen session must not become a way to guess the password: counted as sign-ins are.
      const attempt = await services.throttle.count(c, [RULES.signIn], user.email)
      const valid = user.password_hash ? await passwords.verify(body.current, user.password_hash) : await passwords.waste(body.current)
      if (!valid) throw new ApiError(400, message('wrongPassword'), { current: message('wrongPassword') })
      await attempt.refund()
      const weak = weakPassword(body.password, user.email)
      if (weak) throw invalidInput({ password: weak }, message('weakPassword'))
      const passwordHash = await passwords.hash(body.password)

      const own = hashSecret(token)
      const now = services.now()
      const ended = await inTransaction(db, async (trx) => {
        const at = now.toISOString()
        await setPasswordHash(trx, userId, passwordHash, at)
        // A reset link sent before is for the password that is gone.
        await closeResetLinksOf(trx, userId, at)
        const hashes = await otherSessions(trx, userId, now, own)
        await endSessions(trx, userId, now, hashes)
        await auditSelf(services, requestOrigin(services, c), trx, userId, { action: 'password' })
        return hashes
      })
      disconnectSessions(services, ended)
      return c.json({ message: message('passwordChanged') })
    })
    .route('/', avatarRoutes(services))
    .route('/', sessionListRoutes(services))
}
