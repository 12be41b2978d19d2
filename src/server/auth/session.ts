import { Hono } from 'hono'
import { API } from '../../contract/paths'
import { requireSession, type AuthEnv } from '../http/auth'
import { fail } from '../http/errors'
import { route } from '../http/route'
import { message } from '../messages'
import type { Services } from '../services'
import { loadUser } from './accounts'
import { streamHandle } from '../live/stream'
import { revokeToken } from './tokens'

/** The signed-in user (`GET /users/self`) and sign-out (`POST /logout`, which revokes the token). */
export function sessionRoutes(services: Services) {
  const session = requireSession(services)
  return new Hono<AuthEnv>()
    .get(route(API.self), session, async (c) => {
      const user = await loadUser(services.db, c.var.session.userId)
      if (!user) throw fail(401, 'unauthorized')
      return c.json(user)
    })
    .post(route(API.logout), session, async (c) => {
      await revokeToken(services.db, c.var.session.token, services.now())
      services.hub.disconnect(streamHandle({ kind: 'user', token: c.var.session.token }))
      return c.json({ message: message('signedOut') })
    })
}
