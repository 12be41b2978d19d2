import { Hono } from 'hono'
import { RegisterBody } from '../../contract/auth'
import { API } from '../../contract/paths'
import { invalidInput, readBody } from '../http/body'
import { fail } from '../http/errors'
import { route } from '../http/route'
import { RULES } from '../http/throttle'
import { message } from '../messages'
import type { Services } from '../services'
import { createAccount, findUserByEmail } from './accounts'
import { weakPassword } from './common-passwords'
import { originOf, signedInAnswer } from './login'

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique/i.test(error.message) && /users\.email|users_email/i.test(error.message)

/**
 * Creates the account and signs it in. A new user administers an organization of their own, so
 * the console works for them at once; an administrator can later invite them elsewhere.
 */
export function registerRoutes(services: Services) {
  const { db, passwords } = services
  return new Hono().post(route(API.register), async (c) => {
    const body = await readBody(c, RegisterBody)
    await services.throttle.count(c, [RULES.register])
    const weak = weakPassword(body.password, body.email)
    if (weak) throw invalidInput({ password: weak }, message('weakPassword'))
    if (await findUserByEmail(db, body.email)) throw fail(409, 'emailTaken')
    const name = body.name.trim()
    let userId: string
    try {
      userId = await createAccount(db, {
        organization: `${name}'s organization`,
        name,
        email: body.email,
        passwordHash: await passwords.hash(body.password),
        now: services.now(),
      })
    } catch (error) {
      // Two registrations of one address at the same moment: the second loses at the index.
      if (isUniqueViolation(error)) throw fail(409, 'emailTaken')
      throw error
    }
    return c.json(await signedInAnswer(services, userId, 'registered', originOf(services, c, 'password')), 201)
  })
}
