import type { AuthAnswer } from '../../contract/user'
import { audit, userActor } from '../audit/trail'
import { message } from '../messages'
import type { Services } from '../services'
import { loadUser } from './accounts'
import { issueToken, type SignInOrigin } from './tokens'

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
    const actor = await userActor(services.db, userId, { ip: origin.ip, userAgent: origin.userAgent, written: origin.written })
    const write = { action: 'sign_in', collection: 'users' as const, recordId: userId, recordName: actor.name }
    await audit(services.db, user.organization.id, actor, write, now.toISOString())
  }
  return { user: { ...user, auth_key }, message: message(key) }
}
