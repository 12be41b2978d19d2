import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import type { Duplex } from 'node:stream'
import { TUNNEL_PATH_PREFIX, tunnelPath } from '../../contract/tunnels'
import type { MuxStream } from '../../contract/tunnel-wire'
import { tunnelTarget } from '../db/tunnel-passes'
import type { TrustProxy } from '../http/client'
import { pathOf, requestContextOf, type NodeRoutes } from '../http/node-routes'
import { Problem } from '../problem'
import type { Services } from '../services'
import type { TunnelAddresses } from './addresses'
import { noteTunnelRequest } from './inspector'
import type { Links } from './links'
import { PASS_COOKIE, passLetsIn, tradeTicket } from './passes'
import { tunnelPage, type PageAnswer } from './proxy-pages'
import { forwardRequest, forwardUpgrade, type Forwarded, type Forwarding } from './proxy-http'

const TUNNEL_URL = /^\/t\/([\w-]{1,64})(\/.*)?$/

type Tunnel = NonNullable<Awaited<ReturnType<typeof tunnelTarget>>>

/** The values of the request's cookies named `name` (the browser sends one per path it matches). */
const cookiesNamed = (header: string | undefined, name: string) =>
  (header ?? '')
    .split(';')
    .map((pair) => pair.trim().split('='))
    .filter(([key]) => key === name)
    .map(([, ...value]) => value.join('='))

/** Whether the caller came over https: the socket, or the trusted proxies' `X-Forwarded-Proto`. */
function protoOf(req: IncomingMessage, trustProxy: TrustProxy): 'http' | 'https' {
  const forwarded = trustProxy > 0 ? String(req.headers['x-forwarded-proto'] ?? '').split(',').at(-1)?.trim().toLowerCase() : undefined
  if (forwarded === 'https' || forwarded === 'http') return forwarded
  return (req.socket as TLSSocket).encrypted ? 'https' : 'http'
}

/** How a tunnel is reached: on a host of its own (`<id>.<domain>/...`) or under the console's `/t/<id>/`. */
type Mode = 'host' | 'path'

/**
 * The HTTP tunnels, answered by Node before the app: `ANY <id>.<domain>/<path>` with a tunnel
 * domain, and `ANY /t/<id>/<path>`, which sends the browser to the tunnel's host when there is one
 * and is served sandboxed otherwise (`addresses.ts` says why). A ticket from
 * `POST /api/tunnels/{id}/open` is traded for a cookie pass scoped to the tunnel; each request needs
 * a live pass whose user still holds `tunnels` in the tunnel's organization, then goes to the
 * device's agent as a stream, streamed both ways; WebSocket upgrades are piped raw. Each request
 * let through is logged in the tunnel's inspector. A device's page never installs a service worker.
 */
export function proxyRoutes({ services, links, trustProxy, addresses }: { services: Services; links: Pick<Links, 'openStream'>; trustProxy: TrustProxy; addresses: () => TunnelAddresses }): NodeRoutes {
  const { log } = services
  /** Where the console is, for the pages' links back to it from a tunnel's own host. */
  const consoleOrigin = (req: IncomingMessage, mode: Mode) =>
    mode === 'path' ? '' : (services.publicUrl ?? `${protoOf(req, trustProxy)}://${addresses().domain ?? ''}`).replace(/\/+$/, '')

  /** The tunnel when one of `secrets` lets the caller in; undefined otherwise (whether it exists or not). */
  const admitted = async (id: string, req: IncomingMessage): Promise<Tunnel | undefined> => {
    const secrets = cookiesNamed(req.headers.cookie, PASS_COOKIE)
    const tunnel = secrets.length ? await tunnelTarget(services.db, id) : undefined
    return tunnel && (await passLetsIn(services, tunnel, secrets)) ? tunnel : undefined
  }

  /** A stream to the tunnel's target, or the page that says why there is none. */
  const reach = async (tunnel: Tunnel): Promise<MuxStream | PageAnswer> => {
    if (tunnel.protocol !== 'http') return tunnelPage(404, 'notHttp', tunnel.id)
    if (Number(tunnel.enabled) !== 1 || Number(tunnel.device_enabled) !== 1) return tunnelPage(502, 'disabled', tunnel.id)
    try {
      return await links.openStream(tunnel)
    } catch (error) {
      if (error instanceof Problem && error.kind === 'tooMany') {
        const busy = tunnelPage(429, 'busy', tunnel.id)
        return { ...busy, headers: { ...busy.headers, 'Retry-After': '1' } }
      }
      if (error instanceof Problem) return tunnelPage(502, 'down', tunnel.id)
      return tunnelPage(502, 'refused', tunnel.id, error instanceof Error ? error.message : '')
    }
  }

  const forwarding = (req: IncomingMessage, tunnel: Tunnel, rest: string, mode: Mode): Forwarding => ({
    prefix: mode === 'path' ? tunnelPath(tunnel.id).slice(0, -1) : '',
    sandbox: mode === 'path',
    path: rest,
    target: { host: tunnel.target_host, port: Number(tunnel.local_port) },
    clientIp: services.clientAddress(requestContextOf(req)),
    proto: protoOf(req, trustProxy),
  })

  const note = (req: IncomingMessage, tunnel: Tunnel, at: Date, path: string, { status, error, meter }: Forwarded) =>
    noteTunnelRequest(services, { tunnel, kind: 'http', at, method: req.method ?? '', path, status, bytesIn: meter.in, bytesOut: meter.out, clientIp: services.clientAddress(requestContextOf(req)), error }).catch(
      (failure: unknown) => log.error('Logging a tunnel request failed:', failure),
    )

  const send = (res: ServerResponse, answer: Pick<PageAnswer, 'status' | 'headers' | 'body'>, headers: Record<string, string> = {}) => {
    if (res.headersSent) return void res.destroy()
    res.writeHead(answer.status, { ...answer.headers, ...headers })
    res.end(answer.body)
  }

  const serve = async (req: IncomingMessage, res: ServerResponse, id: string, rest: string | undefined, mode: Mode) => {
    const at = services.now()
    const search = (req.url ?? '').slice(pathOf(req).length)
    const own = mode === 'path' ? addresses().originOf(id, protoOf(req, trustProxy)) : undefined
    // The tunnel has a host of its own: the browser goes there, its method and body with it.
    if (own) return send(res, { status: 307, headers: { Location: `${own}${rest ?? '/'}${search}`, 'Cache-Control': 'no-store' }, body: '' })
    if (rest === undefined) return send(res, { status: 308, headers: { Location: `${tunnelPath(id)}${search}`, 'Cache-Control': 'no-store' }, body: '' })
    const back = consoleOrigin(req, mode)
    // A service worker installed from a tunnel would answer for the whole host: never.
    if (req.headers['service-worker'] === 'script') return send(res, tunnelPage(403, 'noWorker', id, '', back))
    const query = new URLSearchParams(search)
    const ticket = query.get('ticket')
    if (ticket !== null && (req.method === 'GET' || req.method === 'HEAD')) {
      const pass = await tradeTicket(services, id, ticket)
      if (!pass) return send(res, tunnelPage(401, 'ticketSpent', id, '', back))
      query.delete('ticket')
      const left = query.toString()
      const maxAge = Math.max(0, Math.floor((Date.parse(pass.expiresAt) - at.getTime()) / 1000))
      const secure = protoOf(req, trustProxy) === 'https' ? '; Secure' : ''
      return send(res, {
        status: 303,
        headers: {
          Location: `${mode === 'path' ? `${TUNNEL_PATH_PREFIX}${id}` : ''}${rest}${left ? `?${left}` : ''}`,
          'Set-Cookie': `${PASS_COOKIE}=${pass.secret}; Path=${mode === 'path' ? tunnelPath(id) : '/'}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
          'Cache-Control': 'no-store',
        },
        body: '',
      })
    }
    const tunnel = await admitted(id, req)
    if (!tunnel) return send(res, tunnelPage(401, 'noPass', id, '', back))
    const path = rest + search
    const stream = await reach(tunnel)
    if (!('write' in stream)) {
      send(res, stream)
      return note(req, tunnel, at, path, { status: stream.status, error: stream.reason, meter: { in: 0, out: 0 } })
    }
    if (res.destroyed) return stream.reset('the caller went away')
    forwardRequest(
      req,
      res,
      stream,
      forwarding(req, tunnel, path, mode),
      (status, reason) => send(res, tunnelPage(status, status === 504 ? 'timeout' : 'refused', tunnel.id, reason, back)),
      (forwarded) => void note(req, tunnel, at, path, forwarded),
    )
  }

  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer, id: string, rest: string, mode: Mode) => {
    const at = services.now()
    const path = rest + (req.url ?? '').slice(pathOf(req).length)
    const answer = (page: PageAnswer) => {
      const lines = Object.entries({ ...page.headers, 'Content-Length': String(Buffer.byteLength(page.body)), Connection: 'close' }).map(([name, value]) => `${name}: ${value}`)
      if (socket.writable) socket.end(`HTTP/1.1 ${page.status} ${page.title}\r\n${lines.join('\r\n')}\r\n\r\n${page.body}`)
      else socket.destroy()
    }
    const tunnel = await admitted(id, req)
    if (!tunnel) return answer(tunnelPage(401, 'noPass', id, '', consoleOrigin(req, mode)))
    const stream = await reach(tunnel)
    if (!('write' in stream)) {
      answer(stream)
      return note(req, tunnel, at, path, { status: stream.status, error: stream.reason, meter: { in: 0, out: 0 } })
    }
    if (!socket.writable) return stream.reset('the caller went away')
    forwardUpgrade(req, socket, head, stream, forwarding(req, tunnel, path, mode), (forwarded) => void note(req, tunnel, at, path, forwarded))
  }

  const failed = (error: unknown) => log.error('A tunnel request failed:', error)

  /** The tunnel a request is for, and how it came: by the tunnel's host, or by `/t/<id>/`. */
  const routeOf = (req: IncomingMessage): { id: string; rest: string | undefined; mode: Mode } | undefined => {
    const byHost = addresses().idOfHost(req.headers.host)
    if (byHost) return { id: byHost, rest: pathOf(req) || '/', mode: 'host' }
    const match = TUNNEL_URL.exec(pathOf(req))
    return match ? { id: match[1]!, rest: match[2], mode: 'path' } : undefined
  }

  return {
    request(req, res) {
      const route = routeOf(req)
      if (!route) return false
      serve(req, res, route.id, route.rest, route.mode).catch((error: unknown) => {
        failed(error)
        send(res, tunnelPage(500, 'failed', route.id))
      })
      return true
    },
    upgrade(req, socket, head) {
      const route = routeOf(req)
      if (!route) return false
      upgrade(req, socket, head, route.id, route.rest ?? '/', route.mode).catch((error: unknown) => {
        failed(error)
        socket.destroy()
      })
      return true
    },
  }
}
