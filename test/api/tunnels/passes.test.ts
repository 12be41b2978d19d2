// The passes into HTTP tunnels: a ticket works once even when requests race for it (on PostgreSQL
// too: the API suite runs there again), a pass ends with the session, and a member who no longer
// holds `tunnels` is let through no more. No link here: a request let through meets a tunnel
// that is down (502), one refused never gets that far (401).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { disableMember, tunnelPassCount } from '../../fixtures'
import { secretsInDatabase } from '../_server'
import { createTunnel, expectStatus, joinOrganization, limitRights, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { enrolled, makeKey } from '../enrollment/_enrollment'
import { openUrl, passFor, visit } from './_web'

const HOUR = 3600
let server: TestServer
let owner: Tenant
let tunnelId: string

test.before(async () => {
  // Sessions of an hour at most: a pass never outlives its session.
  server = await startServer({ tunnelDomain: '', sessions: { remembered: { idleSeconds: HOUR, maxSeconds: HOUR }, short: { idleSeconds: HOUR, maxSeconds: HOUR } } })
  owner = await register(server, 'Pass owner')
  const key = await makeKey(server, owner)
  const device = await enrolled(server, key.secret as string)
  tunnelId = expectStatus(await owner.create('tunnels', createTunnel(device.id, { protocol: 'http', local_port: 8080 })), 201, 'tunnel').id
})

test.after(async () => {
  await server?.close()
})

test('a ticket raced by 12 requests at once is traded once; the rest are 401', async () => {
  for (let round = 0; round < 4; round++) {
    const url = await openUrl(server, owner.token, tunnelId)
    const answers = await Promise.all(Array.from({ length: 12 }, () => visit(server, url)))
    const statuses = answers.map((res) => res.status).sort()
    assert.equal(statuses, [303, ...Array<number>(11).fill(401)], `round ${round}: ${statuses.join(' ')}`)
    assert.is(answers.flatMap((res) => res.headers.getSetCookie()).length, 1)
  }
})

test('the ticket\'s address leads back without it; the pass lasts no longer than the session', async () => {
  const url = await openUrl(server, owner.token, tunnelId)
  assert.match(url, new RegExp(`^/t/${tunnelId}/\\?ticket=[\\w-]{43}$`))
  const res = await visit(server, url.replace('/?', '/page?keep=1&'))
  assert.is(res.status, 303)
  assert.is(res.headers.get('location'), `/t/${tunnelId}/page?keep=1`)
  const maxAge = Number(/Max-Age=(\d+)/.exec(res.headers.getSetCookie()[0]!)![1])
  assert.ok(maxAge > 0 && maxAge <= HOUR, `Max-Age ${maxAge}`)
  // Neither the ticket nor the pass is kept as it is.
  const secret = /edgeline_tunnel=([\w-]+)/.exec(res.headers.getSetCookie()[0]!)![1]!
  assert.equal(await secretsInDatabase(server, [url.split('ticket=')[1]!, secret]), [])
})

test('a member who loses `tunnels`, or is disabled, is let through no more', async () => {
  const member = await register(server, 'Member')
  await joinOrganization(server, member, owner.organizationId, ['tunnels'])
  const pass = await passFor(server, member.token, tunnelId)
  assert.is((await visit(server, `/t/${tunnelId}/`, pass)).status, 502)
  await limitRights(server, member.email, ['devices'])
  assert.is((await visit(server, `/t/${tunnelId}/`, pass)).status, 401)
  await limitRights(server, member.email, ['tunnels'])
  assert.is((await visit(server, `/t/${tunnelId}/`, pass)).status, 502)
  await disableMember(server, member.userId, owner.organizationId)
  assert.is((await visit(server, `/t/${tunnelId}/`, pass)).status, 401)
})

test('opening takes `tunnels`, and only HTTP tunnels', async () => {
  const member = await register(server, 'Viewer')
  await joinOrganization(server, member, owner.organizationId, ['devices'])
  const refused = await visit(server, `/api/tunnels/${tunnelId}/open`, undefined, { method: 'POST', headers: { Authorization: `Bearer ${member.token}` } })
  assert.is(refused.status, 403)
  const key = await makeKey(server, owner)
  const device = await enrolled(server, key.secret as string)
  const tcp = expectStatus(await owner.create('tunnels', createTunnel(device.id, { protocol: 'tcp', local_port: 22 })), 201, 'tcp tunnel').id
  const conflict = await visit(server, `/api/tunnels/${tcp}/open`, undefined, { method: 'POST', headers: { Authorization: `Bearer ${owner.token}` } })
  assert.is(conflict.status, 409)
})

// Last: it moves the clock past every session of the tests above.
test('a ticket lasts a minute; a pass ends with its time', async () => {
  const url = await openUrl(server, owner.token, tunnelId)
  const pass = await passFor(server, owner.token, tunnelId)
  assert.is((await visit(server, `/t/${tunnelId}/`, pass)).status, 502)
  server.advance(61_000)
  assert.is((await visit(server, url)).status, 401)
  server.advance(HOUR * 1000)
  assert.is((await visit(server, `/t/${tunnelId}/`, pass)).status, 401)
  await server.sweep()
  assert.is(await tunnelPassCount(server, tunnelId), 0)
})

test.run()
