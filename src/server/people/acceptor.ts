import type { Struct } from 'superstruct'
import { AcceptBody, JoinBody } from '../../contract/users'
import { check, type FieldErrors } from '../../contract/validation'
import { weakPassword } from '../auth/common-passwords'
import { tokenUser } from '../auth/tokens'
import { passwordOf } from '../db/people/invitations'
import { fieldMessage, message } from '../messages'
import { Problem, refuse } from '../problem'
import type { Services } from '../services'

/** The invitation as accepting needs it: whom it invites and whether that is an account made for it. */
export interface Invited {
  user_id: string
  email: string
  name: string
  /** `invited` for an account made for invitations, which has no password yet. */
  user_status: string
}

/**
 * How the invitee joins: an account made for the invitation gets its name and password now
 * (`passwordHash`); an existing account keeps both and goes on in its own session (`session`) or,
 * having given its password, in a new one.
 */
export interface Joining {
  name: string
  passwordHash?: string
  session?: string
}

/** Fields refused, each with its message. */
const invalidInput = (errors: FieldErrors, text = message('invalidInput')) =>
  new Problem('invalid', text, Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, fieldMessage(key)])))

const valid = <T>(schema: Struct<T, unknown>, raw: unknown): T => {
  const result = check(schema, raw)
  if (!result.ok) throw invalidInput(result.errors)
  return result.value
}

/** What the request brings besides its body: the session it is signed in with, and the count of sign-in attempts to take a password guess under. */
export interface AcceptRequest {
  bearer?: string
  countSignIn: (email: string) => Promise<{ refund(): Promise<void> }>
}

/**
 * Who accepts the invitation, proven: an existing account is never taken by whoever holds the
 * link, only by a session of its own or its current password (counted as sign-ins are).
 */
export async function acceptor(services: Services, request: AcceptRequest, invited: Invited, raw: unknown): Promise<Joining> {
  if (invited.user_status === 'invited') {
    const body = valid(AcceptBody, raw)
    const weak = weakPassword(body.password, invited.email)
    if (weak) throw invalidInput({ password: weak }, message('weakPassword'))
    return { name: body.name, passwordHash: await services.passwords.hash(body.password) }
  }
  const body = valid(JoinBody, raw)
  const token = request.bearer
  if (token && (await tokenUser(services.db, token, services.now())) === invited.user_id) return { name: invited.name, session: token }
  if (body.password === undefined) throw refuse('forbidden', 'joinAsAccount', { email: invited.email })
  const attempt = await request.countSignIn(invited.email)
  const user = await passwordOf(services.db, invited.user_id)
  const { passwords } = services
  const right = user?.password_hash ? await passwords.verify(body.password, user.password_hash) : await passwords.waste(body.password)
  if (!right || user?.status !== 'active') throw new Problem('invalid', message('wrongPassword'), { password: message('wrongPassword') })
  await attempt.refund()
  return { name: invited.name }
}
