import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { deviceCount, idempotencyKeyCount, idempotencyRow, keysNamed, markKeyInFlight, trailOf, withTableAway } from '../fixtures'
import { call as consoleCall, setApiHost, setToken } from '../../src/api/client'
import { message } from '../../src/server/messages'
import { IDEMPOTENCY_KEPT_MS, IN_FLIGHT_MS, REPLAYED } from '../../src/server/http/idempotency'
import { secretsInDatabase } from './_server'
import { pngImage } from './people/_images'
import { switchPath } from '../../src/contract/organizations'
import { call, createDevice, createKey, expectStatus, joinOrganization, register, startServer, type Answer, type Tenant, type TestServer } from './collections/_api'

type Rec = Record<string, any>

const CONSOLE = 'https://console.example.com'

let server: TestServer
let me: Tenant

test.before(async () => {
  server = await startServer({ corsOrigins: [CONSOLE] })
  me = await register(server, 'Retrier')
})
test.after(() => server.close())

/** A fresh key as the console makes one: 128 random bits, hex. */
const newKey = () => randomBytes(16).toString('hex')

/** One request to `/api{route}` with `key` as its Idempotency-Key (none when undefined). */
const send = (method: string, route: string, token: string, body?: unknown, key?: string): Promise<Answer> =>
  call(server, method, route, token, body, key === undefined ? {} : { 'Idempotency-Key': key })

/** The status line and head of a device create sent byte for byte, with `key` as its Idempotency-Key. */
function rawAnswer(key: string): Promise<string> {
  const body = JSON.stringify(createDevice())
  const request =
    `POST /api/devices/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${me.token}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nIdempotency-Key: ${key}\r\nConnection: close\r\n\r\n${body}`
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.end(Buffer.from(request, 'latin1')))
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

const devicesWithSerial = (organizationId: string, serial: string) => deviceCount(server, organizationId, serial)
/** The row of a caller's key in an organization, found as the server finds it (the key itself is never stored). */
const rowOf = async (caller: string, key: string, organizationId = me.organizationId) =>
  idempotencyRow(server, createHash('sha256').update(`${organizationId}\n${caller}\n${key}`).digest('hex'))

test('the same key twice makes one record and answers the first answer again, marked as replayed', async () => {
  const key = newKey()
  const body = createDevice()
  const first = await send('POST', '/devices/', me.token, body, key)
  const again = await send('POST', '/devices/', me.token, body, key)
  expectStatus(first, 201)
  assert.is(first.headers.get(REPLAYED), null)
  assert.equal([again.status, again.text, again.headers.get('Content-Type')], [first.status, first.text, first.headers.get('Content-Type')])
  assert.is(again.headers.get(REPLAYED), 'true')
  // The answer goes out with the headers every API answer carries.
  assert.is(again.headers.get('Cache-Control'), 'no-store')
  assert.is(again.headers.get('X-Content-Type-Options'), 'nosniff')
  // The body the handler never read was read all the same: the connection stays open for the next request.
  assert.is.not(again.headers.get('Connection'), 'close')
  assert.is(await devicesWithSerial(me.organizationId, body.serial), 1)
  const trail = (await trailOf(server, (first.body as Rec).id)).length
  assert.is(trail, 1, 'the replay wrote no second audit entry')
  // Without the header, the same request runs again.
  assert.is((await send('POST', '/devices/', me.token, body)).status, 409)
})

test('a GET ignores the header and does not spend the key', async () => {
  const key = newKey()
  const listed = await send('GET', '/devices/', me.token, undefined, key)
  const again = await send('GET', '/devices/', me.token, undefined, key)
  assert.equal([listed.status, again.status, again.headers.get(REPLAYED)], [200, 200, null])
  // The key was not spent on the GETs: a write may still use it.
  expectStatus(await send('POST', '/devices/', me.token, createDevice(), key), 201)
})

test('the same key with another body, path or method is 422 and changes nothing', async () => {
  const key = newKey()
  const body = createDevice()
  const first = expectStatus<Rec>(await send('POST', '/devices/', me.token, body, key), 201)
  const other = createDevice()
  const answers = [
    await send('POST', '/devices/', me.token, other, key),
    await send('POST', '/devices/?x=1', me.token, body, key),
    await send('POST', '/tunnels/', me.token, body, key),
    await send('PUT', `/devices/${first.id}`, me.token, body, key),
  ]
  for (const answer of answers) {
    assert.is(answer.status, 422, answer.text)
    assert.is((answer.body as Rec).message, message('idempotencyKeyReused'))
    assert.is(answer.headers.get(REPLAYED), null)
  }
  assert.is(await devicesWithSerial(me.organizationId, other.serial), 0)
  // The key still answers its own request.
  assert.is((await send('POST', '/devices/', me.token, body, key)).headers.get(REPLAYED), 'true')
})

test("another user's same key is theirs alone: two records, and neither sees the other's answer", async () => {
  const other = await register(server, 'Other retrier')
  const key = newKey()
  const body = createDevice()
  const mine = await send('POST', '/devices/', me.token, body, key)
  const theirs = await send('POST', '/devices/', other.token, body, key)
  expectStatus(mine, 201)
  expectStatus(theirs, 201)
  assert.is(theirs.headers.get(REPLAYED), null)
  assert.is.not((theirs.body as Rec).id, (mine.body as Rec).id)
  assert.is(await devicesWithSerial(me.organizationId, body.serial), 1)
  assert.is(await devicesWithSerial(other.organizationId, body.serial), 1)
  // An access key of the same user is a caller of its own too.
  const issued = expectStatus<Rec>(await me.create('access_keys', createKey({ scopes: ['devices'] })), 201)
  const byKey = await send('POST', '/devices/', issued.secret, body, key)
  assert.equal([byKey.status, byKey.headers.get(REPLAYED)], [409, null], byKey.text)
})

test('a key belongs to the organization too: after a switch, the same key and body write in the second organization', async () => {
  const traveller = await register(server, 'Traveller')
  const home = traveller.organizationId
  const host = await register(server, 'Host organization')
  await joinOrganization(server, traveller, host.organizationId, ['devices'])
  const switchTo = async (organizationId: string) => expectStatus(await call(server, 'POST', switchPath(organizationId), traveller.token), 200)
  await switchTo(home)
  const key = newKey()
  const body = createDevice()
  const first = expectStatus<Rec>(await send('POST', '/devices/', traveller.token, body, key), 201)

  await switchTo(host.organizationId)
  const there = await send('POST', '/devices/', traveller.token, body, key)
  assert.equal([there.status, there.headers.get(REPLAYED)], [201, null], there.text)
  assert.is.not((there.body as Rec).id, first.id, 'not the first organization\'s answer')
  assert.equal([await devicesWithSerial(home, body.serial), await devicesWithSerial(host.organizationId, body.serial)], [1, 1], 'written in each')
  const again = await send('POST', '/devices/', traveller.token, body, key)
  assert.equal([again.status, again.headers.get(REPLAYED), (again.body as Rec).id], [201, 'true', (there.body as Rec).id], 'replayed within the second')

  await switchTo(home)
  const back = await send('POST', '/devices/', traveller.token, body, key)
  assert.equal([back.headers.get(REPLAYED), (back.body as Rec).id], ['true', first.id], 'and the first answer again back home')
  assert.equal([await devicesWithSerial(home, body.serial), await devicesWithSerial(host.organizationId, body.serial)], [1, 1])
})

test('a revoked key gets no kept answer (401, as without the header), and a stranger with the same key makes their own record', async () => {
  const issued = expectStatus<Rec>(await me.create('access_keys', createKey({ scopes: ['devices'] })), 201)
  const key = newKey()
  const body = createDevice()
  expectStatus(await send('POST', '/devices/', issued.secret as string, body, key), 201)
  expectStatus(await send('DELETE', `/access_keys/${issued.id}`, me.token), 200)
  const revoked = await send('POST', '/devices/', issued.secret as string, body, key)
  assert.equal([revoked.status, revoked.headers.get(REPLAYED)], [401, null], revoked.text)
  const stranger = await register(server, 'Stranger')
  const theirs = await send('POST', '/devices/', stranger.token, body, key)
  assert.is(theirs.headers.get(REPLAYED), null, "another account's same key is its own")
  assert.is(theirs.status, 201)
})

test('a failing request (400) is kept and answered again as the same 400', async () => {
  const key = newKey()
  const bad = { name: '', serial: '' }
  const first = await send('POST', '/devices/', me.token, bad, key)
  const again = await send('POST', '/devices/', me.token, bad, key)
  assert.is(first.status, 400)
  assert.equal([again.status, again.text, again.headers.get(REPLAYED)], [400, first.text, 'true'])
  // It is kept as that request: a corrected body needs a new key.
  assert.is((await send('POST', '/devices/', me.token, createDevice(), key)).status, 422)
})

test('a key that is empty, longer than 255 characters or holds control characters is 400', async () => {
  const before = await deviceCount(server, me.organizationId)
  for (const key of ['', 'k'.repeat(256), 'tab\there', `${newKey()}\tx`]) {
    const answer = await send('POST', '/devices/', me.token, createDevice(), key)
    assert.is(answer.status, 400, JSON.stringify(key))
    assert.is((answer.body as Rec).message, message('badIdempotencyKey', { max: 255 }))
  }
  // Control characters fetch will not send go over a bare socket: 400, from the HTTP parser or the API.
  for (const key of ['a\u0001b', 'a\u007fb', 'a\u001bb']) assert.match(await rawAnswer(key), /^HTTP\/1\.1 400 /, JSON.stringify(key))
  assert.is(await deviceCount(server, me.organizationId), before)
  // The longest key and one with spaces and punctuation are fine.
  expectStatus(await send('POST', '/devices/', me.token, createDevice(), 'k'.repeat(255)), 201)
  expectStatus(await send('POST', '/devices/', me.token, createDevice(), 'a key, with "punctuation" ~!'), 201)
})

test('requests without a caller ignore the header: a sign-in sent twice signs in twice', async () => {
  const key = newKey()
  const res = () =>
    fetch(`${server.url}/api/login/users/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ email: me.email, password: 'Tenant-Password-9431' }),
    })
  const [first, again] = [await res(), await res()]
  const tokens = [((await first.json()) as Rec).user.auth_key, ((await again.json()) as Rec).user.auth_key]
  assert.equal([first.status, again.status, again.headers.get(REPLAYED)], [200, 200, null])
  assert.is.not(tokens[0], tokens[1])
  // An unknown token is no caller either: 401, and nothing kept.
  const stranger = await send('POST', '/devices/', 'not-a-token', createDevice(), key)
  assert.is(stranger.status, 401)
  assert.is(await idempotencyKeyCount(server, { since: new Date(Date.now() - 60_000).toISOString(), status: 401 }), 0)
})

test("an access key's creation answered again gives the same secret, which the database never holds", async () => {
  const key = newKey()
  const body = createKey({ name: 'Kiosk agent', scopes: ['devices'] })
  const first = await send('POST', '/access_keys/', me.token, body, key)
  const again = await send('POST', '/access_keys/', me.token, body, key)
  const issued = expectStatus<Rec>(first, 201)
  assert.match(issued.secret, /^edk_/)
  assert.equal([again.status, again.headers.get(REPLAYED)], [201, 'true'])
  assert.is((again.body as Rec).secret, issued.secret)
  assert.is((again.body as Rec).id, issued.id)
  assert.is(await keysNamed(server, me.organizationId, 'Kiosk agent'), 1)
  const row = await rowOf(`user:${me.userId}`, key)
  assert.ok(row, 'the answer is kept under a hash of the caller and the key')
  assert.is(Number(row!.status), 201)
  const random = issued.secret.slice('edk_12345678_'.length)
  assert.equal(await secretsInDatabase(server, [issued.secret, random, key]), [])
  // The kept answer opens only with the key: the row holds no readable JSON.
  assert.not.ok(Buffer.from(row!.answer).toString('latin1').includes('"secret"'))
})

test("an app id's client secret is replayed the same and kept nowhere in clear", async () => {
  const key = newKey()
  const body = { name: 'Idempotent app', redirect_uris: ['https://app.example.com/callback'], scopes: ['devices'] }
  const first = expectStatus<Rec>(await send('POST', '/app_ids/', me.token, body, key), 201)
  const again = await send('POST', '/app_ids/', me.token, body, key)
  assert.equal([again.status, (again.body as Rec).client_secret, again.headers.get(REPLAYED)], [201, first.client_secret, 'true'])
  assert.equal(await secretsInDatabase(server, [first.client_secret]), [])
})

test('a photo upload (a body the route reads as a stream) runs with a key and is answered again', async () => {
  const key = newKey()
  const upload = (bytes: Buffer) =>
    fetch(`${server.url}/api/users/self/avatar`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${me.token}`, 'Content-Type': 'image/png', 'Idempotency-Key': key },
      body: new Uint8Array(bytes),
    })
  const image = pngImage({ rgb: [9, 8, 7] })
  const first = await upload(image)
  const again = await upload(image)
  const [firstBody, againBody] = [(await first.json()) as Rec, (await again.json()) as Rec]
  assert.equal([first.status, again.status, again.headers.get(REPLAYED)], [200, 200, 'true'])
  assert.is(againBody.avatar, firstBody.avatar)
  const served = await fetch(`${server.url}/api${firstBody.avatar}`)
  assert.equal(Buffer.from(await served.arrayBuffer()), image)
  assert.is((await upload(pngImage({ rgb: [1, 1, 1] }))).status, 422)
})

test('a DELETE repeated answers as the first did, not 404', async () => {
  const device = expectStatus<Rec>(await me.create('devices', createDevice()), 201)
  const key = newKey()
  const first = await send('DELETE', `/devices/${device.id}`, me.token, undefined, key)
  const again = await send('DELETE', `/devices/${device.id}`, me.token, undefined, key)
  assert.ok(first.status < 300, first.text)
  assert.equal([again.status, again.text, again.headers.get(REPLAYED)], [first.status, first.text, 'true'])
  assert.is((await send('DELETE', `/devices/${device.id}`, me.token)).status, 404)
})

test('a first request that fails on the server (5xx) frees its key, and the retry runs', async () => {
  const device = expectStatus<Rec>(await me.create('devices', createDevice()), 201)
  const key = newKey()
  const body = { name: `Tunnel ${key.slice(0, 6)}`, device_id: device.id, protocol: 'tcp', local_port: 22, enabled: true }
  const failed: Answer = await withTableAway(server, 'tunnels', () => send('POST', '/tunnels/', me.token, body, key))
  assert.is(failed.status, 500, failed.text)
  assert.is(await rowOf(`user:${me.userId}`, key), undefined)
  const retried = await send('POST', '/tunnels/', me.token, body, key)
  assert.equal([retried.status, retried.headers.get(REPLAYED)], [201, null], retried.text)
})

test('a repeat while the first still runs is 409 with Retry-After: 1; one left running by a dead process is taken over', async () => {
  const key = newKey()
  const body = createDevice()
  expectStatus(await send('POST', '/devices/', me.token, body, key), 201)
  const row = (await rowOf(`user:${me.userId}`, key))!
  // As the row stands while its first request runs.
  await markKeyInFlight(server, row.id)
  const busy = await send('POST', '/devices/', me.token, body, key)
  assert.equal([busy.status, busy.headers.get('Retry-After'), (busy.body as Rec).message], [409, '1', message('idempotencyInFlight')])
  // Another request under the key is still 422, whatever the first is doing.
  assert.is((await send('POST', '/devices/', me.token, createDevice(), key)).status, 422)
  server.advance(IN_FLIGHT_MS + 1000)
  const taken = await send('POST', '/devices/', me.token, body, key)
  // It runs again (and finds the device its first run made) rather than wait for good.
  assert.equal([taken.status, (taken.body as Rec).message, taken.headers.get(REPLAYED)], [409, message('duplicateSerial'), null])
})

test('a separate console may send the key and read the replay header (CORS)', async () => {
  const preflight = await fetch(`${server.url}/api/devices/`, {
    method: 'OPTIONS',
    headers: { Origin: CONSOLE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key' },
  })
  assert.match(preflight.headers.get('Access-Control-Allow-Headers') ?? '', /Idempotency-Key/i)
  const res = await fetch(`${server.url}/api/devices/`, {
    method: 'POST',
    headers: { Origin: CONSOLE, Authorization: `Bearer ${me.token}`, 'Content-Type': 'application/json', 'Idempotency-Key': newKey() },
    body: JSON.stringify(createDevice()),
  })
  assert.is(res.status, 201)
  assert.match(res.headers.get('Access-Control-Expose-Headers') ?? '', /Idempotent-Replayed/)
})

test("the console's client sends a fresh 128-bit key with every write, none with a GET, and the key it is given", async () => {
  const seen: { method: string; key: string | undefined }[] = []
  const capture = http.createServer((req, res) => {
    seen.push({ method: req.method!, key: req.headers['idempotency-key'] as string | undefined })
    req.resume()
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve))
  try {
    setApiHost(`http://127.0.0.1:${(capture.address() as AddressInfo).port}/api`)
    for (const method of ['POST', 'POST', 'PUT', 'DELETE', 'GET'] as const) await consoleCall(method, '/devices/', method === 'GET' ? {} : { body: {} })
    await consoleCall('POST', '/devices/', { body: {}, idempotencyKey: 'given-key' })
  } finally {
    capture.close()
  }
  const keys = seen.map((each) => each.key)
  for (const key of keys.slice(0, 4)) assert.match(key ?? '', /^[0-9a-f]{32}$/)
  assert.is(new Set(keys.slice(0, 4)).size, 4, 'each call its own key')
  assert.equal([keys[4], keys[5]], [undefined, 'given-key'])

  // Against the server: a retry with the first try's key makes no second device.
  const owner = await register(server, 'Console retrier')
  setApiHost(`${server.url}/api`)
  setToken(owner.token)
  const body = createDevice()
  const key = newKey()
  const first = await consoleCall<Rec>('POST', '/devices/', { body, idempotencyKey: key })
  const retry = await consoleCall<Rec>('POST', '/devices/', { body, idempotencyKey: key })
  assert.equal([first.ok, retry.ok, retry.ok && retry.data.id], [true, true, first.ok && first.data.id])
  const fresh = await consoleCall('POST', '/devices/', { body })
  assert.equal([fresh.ok, fresh.status], [false, 409], 'a new call is a new write')
  assert.is(await devicesWithSerial(owner.organizationId, body.serial), 1)
})

test('answers are kept 24 hours: past them a key runs anew, and the sweep deletes them', async () => {
  // An access key for a caller, since a session would not outlast the day.
  const owner = await register(server, 'Day-long retrier')
  const issued = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['devices'], expires_in_days: 30 })), 201)
  const [first, second] = [newKey(), newKey()]
  expectStatus(await send('POST', '/devices/', issued.secret, createDevice(), first), 201)
  expectStatus(await send('POST', '/devices/', issued.secret, createDevice(), second), 201)
  assert.ok(await rowOf(`key:${issued.id}`, first, owner.organizationId))
  server.advance(IDEMPOTENCY_KEPT_MS - 60_000)
  assert.is((await send('POST', '/devices/', issued.secret, createDevice(), first)).status, 422, 'still kept within the day')
  server.advance(2 * 60_000)
  // Lapsed but not yet swept: the key is free again.
  expectStatus(await send('POST', '/devices/', issued.secret, createDevice(), first), 201)
  // The server's clock is a day and a minute ahead: what was made before the advance is past its day.
  const lapsed = new Date(Date.now() + 60_000).toISOString()
  assert.ok((await idempotencyKeyCount(server, { before: lapsed })) > 0)
  await server.sweep()
  assert.is(await idempotencyKeyCount(server, { before: lapsed }), 0)
  assert.is(await rowOf(`key:${issued.id}`, second, owner.organizationId), undefined)
  assert.ok(await rowOf(`key:${issued.id}`, first, owner.organizationId), 'the answer of a day ago is gone; the new one stays')
  expectStatus(await send('POST', '/devices/', issued.secret, createDevice(), second), 201)
})

test.run()
