import type { MiddlewareHandler } from 'hono'
import { tokenUser } from '../auth/tokens'
import type { Services } from '../services'
import { fail } from './errors'

export interface Session {
  userId: string
  token: string
}

export type AuthEnv = { Variables: { session: Session } }

const bearer = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1]

/** Lets the request through only with the token of a live session; sets `c.var.session`. */
export const requireSession =
  ({ db, now }: Services): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    const token = bearer(c.req.header('Authorization'))
    const userId = token && token.length <= 128 ? await tokenUser(db, token, now()) : undefined
    if (!token || !userId) throw fail(401, 'unauthorized')
    c.set('session', { userId, token })
    await next()
  }
