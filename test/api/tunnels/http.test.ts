// HTTP through a tunnel as a member's browser reaches a device's web page: a real console, a real web
// server on loopback standing for the page, and an agent linked over the real wire (`_link.ts`).
import { createHash, randomBytes } from 'node:crypto'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import WebSocket from 'ws'
import { TUNNEL_REQUESTS_DAYS, TUNNEL_REQUESTS_KEPT, TUNNEL_STREAMS_MAX, type TunnelRequest } from '../../../src/contract/tunnels'
import { tunnelTraffic, until } from '../../fixtures'
import { call, createTunnel, expectStatus, joinOrganization, register, signIn, startServer, type Tenant, type TestServer } from '../collections/_api'
import { openEvents } from '../collections/_events'
import { makeKey, enrolled } from '../enrollment/_enrollment'
import { linked, type TestAgent } from './_link'
import { closedPort } from './_tcp'
import { openUrl, passFor, passOf, visit, webTarget, type Seen } from './_web'

let server: TestServer
let owner: Tenant
let stranger: Tenant
let web: Awaited<ReturnType<typeof webTarget>>
let agent: TestAgent
let tunnelId: string
let pass: string
let agentDevice: string

/** A device of `tenant` enrolled over the API: its id and credential. */
async function device(tenant: Tenant) {
  const key = await makeKey(server, tenant)
  const joined = await enrolled(server, key.secret as string)
  return { id: joined.id, credential: joined.credential.secret as string }
}

const httpTunnel = async (tenant: Tenant, deviceId: string, port: number) =>
  expectStatus(await tenant.create('tunnels', createTunnel(deviceId, { protocol: 'http', target_host: '127.0.0.1', local_port: port })), 201, 'tunnel').id as string

const requests = (token: string, id: string, query = '') => call(server, 'GET', `/tunnels/${id}/requests${query}`, token)

test.before(async () => {
  // On the console's own origin (no tunnel domain): the pages are sandboxed. hosts.test.ts serves them on hosts of their own.
  server = await startServer({ tunnelDomain: '' })
  owner = await register(server, 'Web owner')
  stranger = await register(server, 'Stranger')
  web = await webTarget()
  const own = await device(owner)
  agentDevice = own.id
  tunnelId = await httpTunnel(owner, own.id, web.port)
  agent = await linked(server.url, own.credential)
  await until(() => agent.configs.at(-1)?.tunnels.some((tunnel) => tunnel.id === tunnelId), { what: 'the tunnel in the LinkConfig' })
  pass = await passFor(server, owner.token, tunnelId)
})

test.after(async () => {
  agent?.close()
  await web?.close()
  await server?.close()
})

test('a GET goes through with a pass: the target sees itself as Host, where it came from, and no pass', async () => {
  const res = await visit(server, `/t/${tunnelId}/seen?q=1`, `${pass}; theme=dark`)
  assert.is(res.status, 200)
  const seen = (await res.json()) as Seen
  assert.is(seen.url, '/seen?q=1')
  assert.is(seen.headers.host, `127.0.0.1:${web.port}`)
  assert.is(seen.headers.cookie, 'theme=dark')
  assert.is(seen.headers['x-forwarded-prefix'], `/t/${tunnelId}`)
  assert.is(seen.headers['x-forwarded-proto'], 'http')
  assert.ok(seen.headers['x-forwarded-for'])
  // The device cannot set the console's pass, and its cookies stay under its tunnel.
  assert.equal(res.headers.getSetCookie(), [`device=1; Path=/t/${tunnelId}/; HttpOnly`])
  // On the console's origin its page runs sandboxed: in an origin of no one's, it never reads the
  // console's storage nor calls the API as the operator.
  assert.is(res.headers.get('content-security-policy'), 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads')
})

test("a device's page installs no service worker, and cannot widen one's reach", async () => {
  const worker = await visit(server, `/t/${tunnelId}/sw.js`, pass, { headers: { 'Service-Worker': 'script' } })
  assert.is(worker.status, 403)
  assert.match(await worker.text(), /service worker/)
})

test('a POST of 1 MB arrives intact', async () => {
  const body = randomBytes(1024 * 1024)
  const res = await visit(server, `/t/${tunnelId}/upload`, pass, { method: 'POST', body, headers: { 'Content-Type': 'application/octet-stream' } })
  assert.is(res.status, 200)
  assert.equal(await res.json(), { length: body.length, sha256: createHash('sha256').update(body).digest('hex') })
})

test('a redirect to the target or to an absolute path comes back under the tunnel; elsewhere stays', async () => {
  const away = await visit(server, `/t/${tunnelId}/away`, pass)
  assert.is(away.status, 302)
  assert.is(away.headers.get('location'), `/t/${tunnelId}/landed?x=1`)
  const home = await visit(server, `/t/${tunnelId}/home`, pass)
  assert.is(home.headers.get('location'), `/t/${tunnelId}/landed`)
  const elsewhere = await visit(server, `/t/${tunnelId}/elsewhere`, pass)
  assert.is(elsewhere.headers.get('location'), 'https://example.com/')
  const bare = await visit(server, `/t/${tunnelId}?a=b`)
  assert.is(bare.status, 308)
  assert.is(bare.headers.get('location'), `/t/${tunnelId}/?a=b`)
})

test('a WebSocket echoes through the tunnel', async () => {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/t/${tunnelId}/socket`, { headers: { Cookie: pass } })
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const echoed = new Promise<string>((resolve) => ws.once('message', (data: Buffer) => resolve(data.toString())))
  ws.send('hello through the tunnel')
  assert.is(await echoed, 'hello through the tunnel')
  ws.close()
})

test('a caller who goes away ends the request at the target, and the inspector says so', async () => {
  const aborted = new AbortController()
  const res = await visit(server, `/t/${tunnelId}/forever`, pass, { signal: aborted.signal })
  const reader = res.body!.getReader()
  assert.match(new TextDecoder().decode((await reader.read()).value), 'tick')
  aborted.abort()
  await until(() => web.left.includes('/forever'), { what: 'the target to see its caller go' })
  const [logged] = await until(async () => expectStatus<TunnelRequest[]>(await requests(owner.token, tunnelId), 200).filter((entry) => entry.path === '/forever'))
  assert.is(logged!.status, 200)
  assert.match(logged!.error, 'went away')
})

test(`a tunnel carries ${TUNNEL_STREAMS_MAX} requests at once at most: one more is answered 429 and logged, and a place freed is taken again`, async () => {
  const held = Array.from({ length: TUNNEL_STREAMS_MAX }, () => new AbortController())
  const readers = await Promise.all(
    held.map(async (aborted) => {
      const res = await visit(server, `/t/${tunnelId}/forever`, pass, { signal: aborted.signal })
      assert.is(res.status, 200)
      return res.body!.getReader()
    }),
  )
  const busy = await visit(server, `/t/${tunnelId}/seen?one-more`, pass)
  assert.is(busy.status, 429)
  assert.is(busy.headers.get('retry-after'), '1')
  assert.match(await busy.text(), `${TUNNEL_STREAMS_MAX} requests or connections at once`)
  const [logged] = await until(async () => expectStatus<TunnelRequest[]>(await requests(owner.token, tunnelId), 200).filter((entry) => entry.path === '/seen?one-more'))
  assert.is(logged!.status, 429)
  assert.match(logged!.error, 'at once at most')
  // One caller leaves: the next request gets its place.
  held[0]!.abort()
  await until(async () => (await visit(server, `/t/${tunnelId}/seen?again`, pass)).status === 200, { what: 'a freed place' })
  for (const aborted of held.slice(1)) aborted.abort()
  await Promise.all(readers.map((reader) => reader.cancel().catch(() => undefined)))
})

test('a target that refuses the connection answers 502 with the agent\'s reason', async () => {
  const closed = await closedPort()
  const refusing = await httpTunnel(owner, agentDevice, closed)
  await until(() => agent.configs.at(-1)?.tunnels.some((tunnel) => tunnel.id === refusing), { what: 'the new tunnel in the LinkConfig' })
  const res = await visit(server, `/t/${refusing}/`, await passFor(server, owner.token, refusing))
  assert.is(res.status, 502)
  assert.match(await res.text(), `connection refused by 127.0.0.1:${closed}`)
})

test('without a pass, with a spent ticket or another tunnel\'s ticket: 401 with a way back to the console', async () => {
  const none = await visit(server, `/t/${tunnelId}/seen`)
  assert.is(none.status, 401)
  const page = await none.text()
  assert.match(page, `/app/tunnels/details?id=${tunnelId}`)
  assert.not.match(page, '127.0.0.1')
  const url = await openUrl(server, owner.token, tunnelId)
  await passOf(server, url)
  const again = await visit(server, url)
  assert.is(again.status, 401)
  assert.is(again.headers.getSetCookie().length, 0)
  const forged = await visit(server, `/t/${tunnelId}/seen`, 'edgeline_tunnel=not-a-pass-at-all-0000000000000000000000000000')
  assert.is(forged.status, 401)
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/t/${tunnelId}/socket`)
  const refused = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)).once('open', () => resolve(101)))
  assert.is(refused, 401)
})

test('another organization: its member\'s pass and ticket never open this tunnel, and its tunnel is not found', async () => {
  const theirs = await device(stranger)
  const theirTunnel = await httpTunnel(stranger, theirs.id, web.port)
  const theirPass = await passFor(server, stranger.token, theirTunnel)
  assert.is((await visit(server, `/t/${tunnelId}/seen`, theirPass)).status, 401)
  const theirUrl = await openUrl(server, stranger.token, theirTunnel)
  assert.is((await visit(server, theirUrl.replace(theirTunnel, tunnelId))).status, 401)
  assert.is((await call(server, 'POST', `/tunnels/${tunnelId}/open`, stranger.token)).status, 404)
  assert.is((await requests(stranger.token, tunnelId)).status, 404)
  assert.is((await requests(owner.token, theirTunnel)).status, 404)
  // Their device has no link: their own pass meets a tunnel that is down.
  const down = await visit(server, `/t/${theirTunnel}/seen`, theirPass)
  assert.is(down.status, 502)
  assert.match(await down.text(), 'not connected')
})

test('a tunnel whose device has no link answers 502, and the inspector logs it', async () => {
  const idle = await device(owner)
  const idleTunnel = await httpTunnel(owner, idle.id, web.port)
  const res = await visit(server, `/t/${idleTunnel}/`, await passFor(server, owner.token, idleTunnel))
  assert.is(res.status, 502)
  assert.match(await res.text(), 'The tunnel is down')
  const [logged] = await until(async () => expectStatus<TunnelRequest[]>(await requests(owner.token, idleTunnel), 200).filter((entry) => entry.status === 502))
  assert.is(logged!.method, 'GET')
  assert.match(logged!.error, 'not connected')
})

test('the inspector lists the requests newest first, with status and bytes; it pages and refuses bad values', async () => {
  await visit(server, `/t/${tunnelId}/seen?last=1`, pass).then((res) => res.text())
  const list = await until(async () => {
    const page = expectStatus<TunnelRequest[]>(await requests(owner.token, tunnelId), 200)
    return page[0]?.path === '/seen?last=1' && page
  })
  assert.ok(list.length >= 5)
  assert.equal(list.map((entry) => entry.id), [...list.map((entry) => entry.id)].sort().reverse())
  assert.is(list[0]!.status, 200)
  assert.ok(list[0]!.bytes_out > 0 && list[0]!.bytes_in > 0)
  const upload = list.find((entry) => entry.path === '/upload')!
  assert.is(upload.method, 'POST')
  assert.ok(upload.bytes_in > 1024 * 1024, `bytes in ${upload.bytes_in}`)
  const socket = list.find((entry) => entry.path === '/socket')!
  assert.is(socket.status, 101)
  // The same bytes, by hour, for the month's traffic.
  const traffic = await tunnelTraffic(server, tunnelId)
  assert.is(traffic.bytesIn, list.reduce((sum, entry) => sum + entry.bytes_in, 0))
  assert.is(traffic.bytesOut, list.reduce((sum, entry) => sum + entry.bytes_out, 0))
  const first = expectStatus<TunnelRequest[]>(await requests(owner.token, tunnelId, '?limit=1'), 200)
  assert.equal(first.map((entry) => entry.id), [list[0]!.id])
  const next = expectStatus<TunnelRequest[]>(await requests(owner.token, tunnelId, `?limit=2&before=${list[0]!.id}`), 200)
  assert.equal(next.map((entry) => entry.id), list.slice(1, 3).map((entry) => entry.id))
  for (const bad of ['?limit=0', '?limit=101', '?limit=x', '?before=%27%20or%201%3D1']) assert.is((await requests(owner.token, tunnelId, bad)).status, 400, bad)
})

test('each request is announced live to holders of `tunnels` alone', async () => {
  const viewer = await register(server, 'Devices only')
  await joinOrganization(server, viewer, owner.organizationId, ['devices'])
  const [holder, outsider] = await Promise.all([openEvents(server, owner.token), openEvents(server, viewer.token)])
  try {
    await visit(server, `/t/${tunnelId}/seen?live=1`, pass).then((res) => res.text())
    const heard = await holder.waitFor((event) => event.event === 'tunnel' && event.data.request.path === '/seen?live=1')
    assert.is(heard.data.tunnel, tunnelId)
    assert.is(heard.data.request.status, 200)
    await visit(server, `/t/${tunnelId}/seen?after=1`, pass).then((res) => res.text())
    await holder.waitFor((event) => event.event === 'tunnel' && event.data.request.path === '/seen?after=1')
    assert.not.ok(outsider.events.some((event) => event.event === 'tunnel'))
  } finally {
    holder.close()
    outsider.close()
  }
})

/** Every request the inspector keeps of a tunnel, paging through. */
async function everyRequest(id: string, token = owner.token): Promise<TunnelRequest[]> {
  const all: TunnelRequest[] = []
  for (;;) {
    const page = expectStatus<TunnelRequest[]>(await requests(token, id, `?limit=100${all.length ? `&before=${all.at(-1)!.id}` : ''}`), 200)
    all.push(...page)
    if (page.length < 100) return all
  }
}

// Last: it moves the clock on.
test('a tunnel keeps its newest requests, and none older than the retention', async () => {
  const idle = await device(owner)
  const idleTunnel = await httpTunnel(owner, idle.id, web.port)
  const idlePass = await passFor(server, owner.token, idleTunnel)
  for (let sent = 0; sent < TUNNEL_REQUESTS_KEPT + 50; sent++) await visit(server, `/t/${idleTunnel}/${sent}`, idlePass).then((res) => res.text())
  const kept = await until(async () => {
    const all = await everyRequest(idleTunnel)
    return all[0]?.path === `/${TUNNEL_REQUESTS_KEPT + 49}` && all
  })
  assert.is(kept.length, TUNNEL_REQUESTS_KEPT)
  assert.is(kept.at(-1)!.path, '/50')
  server.advance((TUNNEL_REQUESTS_DAYS * 24 + 1) * 3600_000)
  await server.sweep()
  // The owner's session ran out meanwhile.
  assert.equal(await everyRequest(idleTunnel, await signIn(server, owner.email, 'Tenant-Password-9431')), [])
})

test.run()
