import { randomBytes } from 'node:crypto'
import { TUNNEL_PASS_S, TUNNEL_TICKET_S, tunnelPath, type TunnelOpened } from '../../contract/tunnels'
import { rightsOf } from '../auth/accounts'
import type { Principal } from '../auth/principal'
import { hashSecret } from '../auth/tokens'
import { sessionByHash } from '../db/auth/sessions'
import type { Db } from '../db/open'
import { insertTunnelPass, liveTunnelPass, takeTunnelTicket, tunnelTarget } from '../db/tunnel-passes'
import { refuse } from '../problem'

/** The cookie that lets a browser into one HTTP tunnel, scoped to the tunnel's path. */
export const PASS_COOKIE = 'edgeline_tunnel'

interface PassDeps {
  db: Db
  now: () => Date
}

const newPassSecret = () => randomBytes(32).toString('base64url')
const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000).toISOString()
const earliest = (...times: (string | null | undefined)[]) => times.filter((time): time is string => !!time).sort()[0]!

/**
 * A one-time address into the HTTP tunnel `tunnelId` of the caller's organization, for the user the
 * caller speaks for, on the tunnel's own host (`origin`) when it has one: its ticket works once
 * within `TUNNEL_TICKET_S`, and the pass it becomes ends with the caller's session (or key) at the
 * latest. Another organization's tunnel is not found.
 */
export async function openTunnel({ db, now }: PassDeps, principal: Principal, tunnelId: string, origin?: string): Promise<TunnelOpened> {
  const tunnel = tunnelId.length <= 64 ? await tunnelTarget(db, tunnelId) : undefined
  if (!tunnel || tunnel.organization_id !== principal.organizationId) throw refuse('notFound', 'notFound')
  if (tunnel.protocol !== 'http') throw refuse('conflict', 'tunnelNotHttp')
  if (!principal.userId) throw refuse('forbidden', 'tunnelNeedsUser')
  const at = now()
  let sessionEnd: string | null | undefined = principal.expiresAt
  if (principal.kind === 'user') sessionEnd = (await sessionByHash(db, hashSecret(principal.token)))?.expires_at
  const ticket = newPassSecret()
  await insertTunnelPass(db, {
    hash: hashSecret(ticket),
    kind: 'ticket',
    tunnel_id: tunnel.id,
    organization_id: tunnel.organization_id,
    user_id: principal.userId,
    expires_at: later(at, TUNNEL_TICKET_S),
    pass_until: sessionEnd ?? null,
    created_at: at.toISOString(),
  })
  return { url: origin ? `${origin}/?ticket=${ticket}` : `${tunnelPath(tunnel.id)}?ticket=${ticket}` }
}

/** A pass a ticket was traded for: the cookie's secret and when it ends. */
export interface IssuedPass {
  secret: string
  expiresAt: string
}

/**
 * Trades a ticket for a cookie pass of the same tunnel: the ticket is taken by one conditional
 * delete, so it works once even when two requests bring it at once. Undefined when it is unknown,
 * spent, expired or another tunnel's.
 */
export async function tradeTicket({ db, now }: PassDeps, tunnelId: string, ticket: string): Promise<IssuedPass | undefined> {
  if (!/^[\w-]{43}$/.test(ticket)) return undefined
  const at = now()
  const taken = await takeTunnelTicket(db, hashSecret(ticket), tunnelId, at.toISOString())
  if (!taken) return undefined
  const secret = newPassSecret()
  const expiresAt = earliest(later(at, TUNNEL_PASS_S), taken.pass_until)
  if (expiresAt <= at.toISOString()) return undefined
  await insertTunnelPass(db, {
    hash: hashSecret(secret),
    kind: 'cookie',
    tunnel_id: tunnelId,
    organization_id: taken.organization_id,
    user_id: taken.user_id,
    expires_at: expiresAt,
    created_at: at.toISOString(),
  })
  return { secret, expiresAt }
}

/**
 * Whether one of `secrets` (the request's pass cookies) lets its holder into `tunnel` now: a live
 * pass of this tunnel, whose user is still an active member of the tunnel's organization holding
 * `tunnels`. Another organization's pass never does.
 */
export async function passLetsIn({ db, now }: PassDeps, tunnel: { id: string; organization_id: string }, secrets: string[]): Promise<boolean> {
  const at = now().toISOString()
  for (const secret of secrets.slice(0, 4)) {
    if (!/^[\w-]{43}$/.test(secret)) continue
    const pass = await liveTunnelPass(db, hashSecret(secret), tunnel.id, at)
    if (!pass || pass.organization_id !== tunnel.organization_id) continue
    const rights = await rightsOf(db, pass.user_id, tunnel.organization_id)
    if (rights?.includes('tunnels')) return true
  }
  return false
}
