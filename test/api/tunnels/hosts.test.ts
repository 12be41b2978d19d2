// HTTP tunnels on hosts of their own (`<tunnel id>.<domain>`): a device's page never runs on the
// console's origin. A console on localhost serves them under `localhost:<port>` by default, as
// browsers take every `*.localhost` for this machine; here the requests name the host themselves.
import http from 'node:http'
import type net from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { until } from '../../fixtures'
import { createTunnel, expectStatus, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { enrolled, makeKey } from '../enrollment/_enrollment'
import { linked, type TestAgent } from './_link'
import { openUrl } from './_web'

let server: TestServer
let owner: Tenant
let agent: TestAgent
let page: http.Server
let tunnelId: string
let otherTunnel: string
let pagePort: number

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** A request to the console's port naming `host`, as a browser at that host sends it (not followed). */
const send = (host: string, path: string, { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path, headers: { Host: host, ...(cookie ? { Cookie: cookie } : {}), ...headers } }, (res) => {
      let body = ''
      res.on('data', (chunk) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })

const hostOf = (id: string) => `${id}.localhost:${server.port}`

/** The pass a tunnel's one-time address leaves on its host, checking where the cookie lives. */
async function passFor(id: string): Promise<string> {
  const url = new URL(await openUrl(server, owner.token, id))
  assert.is(url.origin, `http://${hostOf(id)}`)
  const traded = await send(url.host, `${url.pathname}${url.search}`)
  assert.is(traded.status, 303, traded.body)
  assert.is(traded.headers.location, '/')
  const cookie = traded.headers['set-cookie']?.find((line) => line.startsWith('edgeline_tunnel='))
  assert.ok(cookie, 'a pass cookie')
  assert.match(cookie!, /; Path=\/;/)
  assert.match(cookie!, 'HttpOnly')
  assert.not.match(cookie!, /Domain=/i)
  return cookie!.split(';')[0]!
}

test.before(async () => {
  server = await startServer()
  owner = await register(server, 'Host owner')
  // The device's page: what it was asked, with a header that would widen a service worker's reach.
  page = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Service-Worker-Allowed': '/', 'Set-Cookie': 'device=1; Path=/panel; Domain=localhost' })
    res.end(JSON.stringify({ url: req.url, host: req.headers.host, prefix: req.headers['x-forwarded-prefix'] ?? null }))
  })
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  const port = (page.address() as net.AddressInfo).port
  pagePort = port
  const joined = await enrolled(server, (await makeKey(server, owner)).secret as string)
  tunnelId = expectStatus<{ id: string }>(await owner.create('tunnels', createTunnel(joined.id, { protocol: 'http', target_host: '127.0.0.1', local_port: port })), 201, 'tunnel').id
  otherTunnel = expectStatus<{ id: string }>(await owner.create('tunnels', createTunnel(joined.id, { name: 'Second page', protocol: 'http', target_host: '127.0.0.1', local_port: port })), 201, 'tunnel').id
  agent = await linked(server.url, joined.credential.secret as string)
  await until(() => agent.configs.at(-1)?.tunnels.some((tunnel) => tunnel.id === otherTunnel), { what: 'the tunnels in the LinkConfig' })
})

test.after(async () => {
  agent?.close()
  await new Promise<void>((resolve) => (page ? page.close(() => resolve()) : resolve()))
  await server?.close()
})

test("a tunnel's own host serves the device's page whole, unsandboxed, with its cookie on that host alone", async () => {
  const pass = await passFor(tunnelId)
  const answer = await send(hostOf(tunnelId), '/panel/status?x=1', { cookie: pass })
  assert.is(answer.status, 200, answer.body)
  assert.equal(JSON.parse(answer.body), { url: '/panel/status?x=1', host: `127.0.0.1:${pagePort}`, prefix: null })
  assert.is(answer.headers['content-security-policy'], undefined)
  // No worker of the device's reaches past its page, and its cookies stay on the tunnel's host.
  assert.is(answer.headers['service-worker-allowed'], undefined)
  assert.equal(answer.headers['set-cookie'], ['device=1; Path=/panel'])
})

test("the console's API is never served on a tunnel's host: the device answers there", async () => {
  const pass = await passFor(tunnelId)
  const answer = await send(hostOf(tunnelId), '/api/users/self', { cookie: pass, headers: { Authorization: `Bearer ${owner.token}` } })
  assert.is(answer.status, 200)
  assert.is(JSON.parse(answer.body).url, '/api/users/self')
  assert.is((await send(hostOf(tunnelId), '/api/users/self')).status, 401)
})

test('a pass lets in only on its own tunnel, and none gets the page that says to open it from the console', async () => {
  const pass = await passFor(tunnelId)
  const refused = await send(hostOf(otherTunnel), '/', { cookie: pass })
  assert.is(refused.status, 401)
  assert.match(refused.body, new RegExp(`href="http://localhost:${server.port}/app/tunnels/details\\?id=${otherTunnel}"`))
  assert.is((await send(hostOf(tunnelId), '/')).status, 401)
})

test('`/t/<id>/` on the console sends the browser to the tunnel\'s host, its path, query and method kept', async () => {
  const moved = await send(`127.0.0.1:${server.port}`, `/t/${tunnelId}/panel?x=1`)
  assert.is(moved.status, 307)
  assert.is(moved.headers.location, `http://${hostOf(tunnelId)}/panel?x=1`)
})

test('a service worker script is refused on a tunnel\'s host too', async () => {
  const pass = await passFor(tunnelId)
  assert.is((await send(hostOf(tunnelId), '/sw.js', { cookie: pass, headers: { 'Service-Worker': 'script' } })).status, 403)
})

test.run()
