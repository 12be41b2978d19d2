import type { MiddlewareHandler } from 'hono'
import type { Right } from '../../contract/rights'
import { keyHolder, looksLikeKey } from '../access-keys/keys'
import { appHolder, looksLikeAppToken } from '../auth/app-holder'
import { currentOrganization, rightsOf } from '../auth/accounts'
import type { Principal, Session } from '../auth/principal'
import { tokenUser, whyRefused } from '../auth/tokens'
import { credentialHolder } from '../enrollment/credentials'
import { looksLikeCredential, looksLikeEnrollmentKey } from '../enrollment/secrets'
import { message } from '../messages'
import type { Services } from '../services'
import { ApiError, fail, needsRight } from './errors'

export type { Principal, Session } from '../auth/principal'

export type AuthEnv = { Variables: { session: Session; principal: Principal } }

/** The token of an `Authorization: Bearer` header, if it holds one. */
export const bearer = (header: string | undefined) => /^Bearer\s+(\S{1,256})\s*$/i.exec(header ?? '')?.[1]

const REASON_KEYS = { account_disabled: 'accountDisabledNow', session_ended: 'sessionRevoked', session_expired: 'sessionExpired' } as const

/** The 401 for `token`: with the reason a session token stopped working, when the server still knows it. */
export async function unauthorized({ db, now }: Services, token: string | undefined): Promise<ApiError> {
  // A device told plainly that its credential ended, so its agent stops rather than retries.
  if (token && looksLikeCredential(token)) return fail(401, 'credentialRefused')
  const reason = token && !looksLikeKey(token) && !looksLikeAppToken(token) && !looksLikeEnrollmentKey(token) ? await whyRefused(db, token, now()) : undefined
  return reason ? new ApiError(401, message(REASON_KEYS[reason]), undefined, {}, { reason }) : fail(401, 'unauthorized')
}

/** Lets the request through only with the token of a live session; sets `c.var.session`. */
export const requireSession =
  (services: Services): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    const token = bearer(c.req.header('Authorization'))
    if (token && looksLikeCredential(token) && (await credentialHolder(services.db, token, services.now()))) throw fail(403, 'credentialOnlyHeartbeats')
    const userId = token && !looksLikeKey(token) ? await tokenUser(services.db, token, services.now()) : undefined
    if (!token || !userId) throw await unauthorized(services, token)
    c.set('session', { userId, token })
    await next()
  }

/** The principal of a session token, an access key, an app id's token or a device credential, or undefined. */
export async function principalOf(services: Services, token: string): Promise<Principal | undefined> {
  const { db, now } = services
  if (looksLikeCredential(token)) {
    const holder = await credentialHolder(db, token, now())
    return holder && { kind: 'device', ...holder, userId: '', rights: [], token }
  }
  if (looksLikeEnrollmentKey(token)) return undefined
  if (looksLikeKey(token)) {
    const holder = await keyHolder(db, token, now())
    return holder && { kind: 'key', ...holder, token }
  }
  if (looksLikeAppToken(token)) {
    const holder = await appHolder(db, token, now())
    return holder && { kind: 'app', ...holder, userId: '', token }
  }
  const userId = await tokenUser(db, token, now())
  const organizationId = userId && (await currentOrganization(db, userId))
  const rights = userId && organizationId ? await rightsOf(db, userId, organizationId) : undefined
  return userId && organizationId && rights ? { kind: 'user', userId, organizationId, rights, token } : undefined
}

/**
 * Lets a session, an access key, an app token or a device credential through, resolved afresh on
 * every request; sets `c.var.principal`. A heartbeat-only key passes only where `heartbeat` says the
 * route takes it, a device credential only where `device` does.
 */
export const requirePrincipal =
  (services: Services, { heartbeat = false, device = false } = {}): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    let principal: Principal | undefined = c.get('principal')
    if (!principal) {
      const token = bearer(c.req.header('Authorization'))
      principal = token ? await principalOf(services, token) : undefined
      if (!principal) throw await unauthorized(services, token)
      c.set('principal', principal)
    }
    if (principal.heartbeatOnly && !heartbeat) throw fail(403, 'heartbeatOnly')
    if (principal.kind === 'device' && !device) throw fail(403, 'credentialOnlyHeartbeats')
    await next()
  }

/** 403 unless the principal holds `right`; runs after `requirePrincipal`. */
export const requireRight =
  (right: Right): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    if (!c.var.principal.rights.includes(right)) throw needsRight(right)
    await next()
  }
