import { Hono } from 'hono'
import { API } from '../../contract/paths'
import { requireSession, unauthorized, type AuthEnv } from '../http/auth'
import { route } from '../http/route'
import { message } from '../messages'
import type { Services } from '../services'
import { loadUser } from './accounts'
import { streamHandle } from '../live/stream'
import { revokeToken } from './tokens'
import { describe } from '../openapi/registry'

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

export function sessionRoutes(services: Services) {
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
