// The device's web page of the HTTP tunnel tests, and a browser's way into a tunnel: a ticket from
// the console traded for the pass cookie.
import { createHash } from 'node:crypto'
import http from 'node:http'
import type net from 'node:net'
import * as assert from 'uvu/assert'
import { WebSocketServer } from 'ws'
import { call, expectStatus, type TestServer } from '../collections/_api'

/** What the target saw of a request: method, path and headers. */
export interface Seen {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
}

/**
 * A web server on loopback standing for the device's page: `/seen` answers what it saw, `/upload`
 * the length and sha256 of the body, `/away` and `/home` redirect (absolute at the target, absolute
 * path), `/elsewhere` to another site, `/forever` streams until its caller leaves (then `left` names
 * it), and a WebSocket anywhere echoes each message.
 */
export async function webTarget() {
  const left: string[] = []
  const server = http.createServer((req, res) => {
    if (req.url === '/forever') {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      const tick = setInterval(() => res.write('tick\n'), 20)
      return res.on('close', () => {
        clearInterval(tick)
        left.push(req.url!)
      })
    }
    const hash = createHash('sha256')
    let length = 0
    req.on('data', (chunk: Buffer) => {
      hash.update(chunk)
      length += chunk.length
    })
    req.on('end', () => {
      const seen: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers }
      if (req.url === '/away') return res.writeHead(302, { Location: `http://127.0.0.1:${port}/landed?x=1` }).end()
      if (req.url === '/home') return res.writeHead(302, { Location: '/landed' }).end()
      if (req.url === '/elsewhere') return res.writeHead(302, { Location: 'https://example.com/' }).end()
      const body = req.url === '/upload' ? { length, sha256: hash.digest('hex') } : seen
      res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': ['edgeline_tunnel=forged; Path=/', 'device=1; Domain=example.com; Path=/; HttpOnly'] }).end(JSON.stringify(body))
    })
  })
  const wss = new WebSocketServer({ server })
  wss.on('connection', (ws) => ws.on('message', (data, binary) => ws.send(data, { binary })))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return {
    port,
    left,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** `POST /tunnels/{id}/open` as `token`: the one-time address. */
export async function openUrl(server: TestServer, token: string, tunnelId: string): Promise<string> {
  return expectStatus<{ url: string }>(await call(server, 'POST', `/tunnels/${encodeURIComponent(tunnelId)}/open`, token), 200, 'open').url
}

/** Opens a one-time address as a browser does: the answer (not followed). */
export const visit = (server: TestServer, url: string, cookie?: string, init: RequestInit = {}) =>
  fetch(`${server.url}${url}`, { redirect: 'manual', ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers as Record<string, string>) } })

/** The pass cookie (`edgeline_tunnel=...`) the ticket of `url` leaves, checking its attributes. */
export async function passOf(server: TestServer, url: string): Promise<string> {
  const res = await visit(server, url)
  assert.is(res.status, 303, await res.text())
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith('edgeline_tunnel='))
  assert.ok(cookie, 'a pass cookie')
  const tunnelId = /^\/t\/([^/]+)\//.exec(url)![1]!
  assert.match(cookie!, `Path=/t/${tunnelId}/`)
  assert.match(cookie!, 'HttpOnly')
  assert.match(cookie!, 'SameSite=Lax')
  return cookie!.split(';')[0]!
}

/** A pass for `tunnelId` as `token` holds it. */
export const passFor = async (server: TestServer, token: string, tunnelId: string) => passOf(server, await openUrl(server, token, tunnelId))
