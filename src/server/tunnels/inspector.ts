import { TUNNEL_REQUEST_PATH_MAX, TUNNEL_REQUESTS_DAYS, TUNNEL_REQUESTS_KEPT, type Protocol, type TunnelRequest } from '../../contract/tunnels'
import type { Db } from '../db/open'
import { deleteEndedTunnelPasses, tunnelTarget } from '../db/tunnel-passes'
import { deleteTunnelRequestsBefore, insertTunnelRequest, pruneTunnelRequestsOf, tunnelRequestsPage } from '../db/tunnel-requests'
import { addTunnelTraffic } from '../db/tunnel-traffic'
import type { EventsHub } from '../events'
import { orderedId } from '../ordered-id'
import { refuse } from '../problem'

/** A tunnel's older requests are pruned past `TUNNEL_REQUESTS_KEPT` once per this many it logs. */
const PRUNE_EVERY = 50

interface InspectorDeps {
  db: Db
  hub: EventsHub
  now: () => Date
}

/** One request or connection through a tunnel, as it ended. */
export interface TunnelRequestEntry {
  tunnel: { id: string; organization_id: string; device_id: string }
  kind: Protocol
  /** When it began. */
  at: Date
  method?: string
  path?: string
  status?: number
  bytesIn: number
  bytesOut: number
  clientIp: string
  error?: string
}

const logged = new Map<string, number>()

const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3600_000) * 3600_000).toISOString()

/**
 * Logs a request or connection through a tunnel: its row in the inspector, its bytes added to the
 * tunnel's hour, and a `tunnel` event to the organization's consoles. Every `PRUNE_EVERY` of a
 * tunnel's requests, its rows past the newest `TUNNEL_REQUESTS_KEPT` go.
 */
export async function noteTunnelRequest({ db, hub, now }: InspectorDeps, entry: TunnelRequestEntry): Promise<TunnelRequest> {
  const { tunnel } = entry
  const request: TunnelRequest = {
    id: orderedId(entry.at.getTime()),
    at: entry.at.toISOString(),
    kind: entry.kind,
    method: entry.method ?? '',
    path: (entry.path ?? '').slice(0, TUNNEL_REQUEST_PATH_MAX),
    status: entry.status ?? 0,
    duration_ms: Math.max(0, now().getTime() - entry.at.getTime()),
    bytes_in: entry.bytesIn,
    bytes_out: entry.bytesOut,
    client_ip: entry.clientIp,
    error: (entry.error ?? '').slice(0, 200),
  }
  await insertTunnelRequest(db, { ...request, organization_id: tunnel.organization_id, tunnel_id: tunnel.id })
  if (request.bytes_in || request.bytes_out) {
    await addTunnelTraffic(db, { organization_id: tunnel.organization_id, tunnel_id: tunnel.id, device_id: tunnel.device_id, hour: hourOf(entry.at), bytes_in: request.bytes_in, bytes_out: request.bytes_out })
  }
  const count = (logged.get(tunnel.id) ?? 0) + 1
  logged.set(tunnel.id, count % PRUNE_EVERY)
  if (count >= PRUNE_EVERY) await pruneTunnelRequestsOf(db, tunnel.id, TUNNEL_REQUESTS_KEPT)
  await hub.publish(tunnel.organization_id, 'tunnel', { tunnel: tunnel.id, request })
  return request
}

/** Requests of a page at most, and when none is asked. */
export const REQUESTS_LIMIT = { max: 100, default: 50 }

/** The tunnel's requests newest first, older than the request `before` when given; another organization's tunnel is not found. */
export async function tunnelRequests(db: Db, organizationId: string, tunnelId: string, before: string | undefined, limit: number): Promise<TunnelRequest[]> {
  const tunnel = tunnelId.length <= 64 ? await tunnelTarget(db, tunnelId) : undefined
  if (!tunnel || tunnel.organization_id !== organizationId) throw refuse('notFound', 'notFound')
  const rows = await tunnelRequestsPage(db, organizationId, tunnelId, before, limit)
  return rows.map((row) => ({
    ...row,
    kind: row.kind as Protocol,
    status: Number(row.status),
    duration_ms: Number(row.duration_ms),
    bytes_in: Number(row.bytes_in),
    bytes_out: Number(row.bytes_out),
  }))
}

/** The sweep's share: requests older than `TUNNEL_REQUESTS_DAYS` and ended tickets and passes go. */
export async function pruneTunnels(db: Db, now: Date): Promise<void> {
  await deleteTunnelRequestsBefore(db, new Date(now.getTime() - TUNNEL_REQUESTS_DAYS * 24 * 3600_000).toISOString())
  await deleteEndedTunnelPasses(db, now.toISOString())
}
