import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { UNKNOWN_MODEL } from '../../../src/contract/enrollment'
import { message } from '../../../src/server/messages'
import { secretsInDatabase } from '../_server'
import { call, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { expireEnrollmentKey, deviceRow, trailOf } from '../../fixtures'
import { beat, enroll, enrolled, makeKey, newSerial } from './_enrollment'

type Rec = Record<string, any>

let server: TestServer
let owner: Tenant

test.before(async () => {
  server = await startServer()
  owner = await register(server, 'Enroller')
})
test.after(() => server.close())

const REFUSED = { message: message('enrollmentKeyRefused') }

test('an enrollment key shows its secret once, keeps only its hash, and lists with its presets', async () => {
  const key = await makeKey(server, owner, { max_uses: 3 })
  assert.match(key.secret, /^enk_[a-z0-9]{8}_[\w-]{43}$/)
  assert.ok(key.secret.startsWith(`${key.prefix}_`))
  assert.equal([key.max_uses, key.uses, key.tags, key.location, key.model, key.approve, key.ephemeral, key.revoked_at], [3, 0, ['kiosk'], 'Lobby', 'Pi 5', false, false, null])
  const read = await call(server, 'GET', `/enrollment_keys/${key.id}`, owner.token)
  assert.is(read.status, 200)
  assert.not.ok('secret' in read.body)
  assert.not.ok(read.text.includes(key.secret))
  const listed = await call(server, 'GET', `/enrollment_keys/?q=${encodeURIComponent(key.name)}`, owner.token)
  assert.equal([listed.status, listed.headers.get('X-Total-Count'), listed.body.map((row: Rec) => row.id)], [200, '1', [key.id]])
  assert.equal(await secretsInDatabase(server, [key.secret]), [])
})

test('an enrollment key is renamed with its version, a stale one is 409, and nothing else changes', async () => {
  const key = await makeKey(server, owner)
  const renamed = await call(server, 'PUT', `/enrollment_keys/${key.id}`, owner.token, { ...key, name: 'Renamed', max_uses: 50 })
  assert.equal([renamed.status, renamed.body.name, renamed.body.max_uses, renamed.body.version], [200, 'Renamed', 1, key.version + 1])
  const stale = await call(server, 'PUT', `/enrollment_keys/${key.id}`, owner.token, { ...key, name: 'Again' })
  assert.equal([stale.status, stale.body.current.name], [409, 'Renamed'])
})

test('a one-off key enrolls one device with its presets, then is used up', async () => {
  const key = await makeKey(server, owner)
  const serial = newSerial()
  const first = await enroll(server, key.secret, { serial })
  assert.is(first.status, 201, first.text)
  assert.equal([first.body.reattached, first.body.device.name, first.body.device.status], [false, serial, 'provisioning'])
  assert.match(first.body.credential.secret, /^edc_[a-z0-9]{8}_[\w-]{43}$/)
  const device = await call(server, 'GET', `/devices/${first.body.device.id}`, owner.token)
  assert.equal(
    [device.body.serial, device.body.model, device.body.location, device.body.tags, device.body.enrolled_by, device.body.status],
    [serial, 'Pi 5', 'Lobby', ['kiosk'], key.id, 'provisioning'],
  )
  const second = await enroll(server, key.secret, { serial: newSerial(), name: 'Second' })
  assert.equal([second.status, second.body], [401, { message: message('enrollmentKeyUsedUp', { max: 1 }) }])
  const after = await call(server, 'GET', `/enrollment_keys/${key.id}`, owner.token)
  assert.equal([after.body.uses, typeof after.body.last_used_at], [1, 'string'])
  assert.equal((await trailOf(server, first.body.device.id)).map((entry) => [entry.action, entry.actor_kind, entry.actor_name]), [['enroll', 'system', key.name]])
  assert.equal(await secretsInDatabase(server, [first.body.credential.secret]), [])
})

test('a device names itself and its model when it says them, else the key models it, else it is Unknown', async () => {
  const key = await makeKey(server, owner)
  const answer = await enroll(server, key.secret, { serial: newSerial(), name: 'Gate kiosk', model: 'CM4' })
  assert.is(answer.status, 201)
  const device = await call(server, 'GET', `/devices/${answer.body.device.id}`, owner.token)
  assert.equal([device.body.name, device.body.model], ['Gate kiosk', 'CM4'])
  const plain = await makeKey(server, owner, { model: '' })
  const unnamed = await enroll(server, plain.secret, { serial: newSerial() })
  const read = await call(server, 'GET', `/devices/${unnamed.body.device.id}`, owner.token)
  assert.is(read.body.model, UNKNOWN_MODEL, 'a device always has a model')
})

test('an expired, a revoked, an unknown or a malformed key is refused with 401, and no key at all', async () => {
  const expired = await makeKey(server, owner)
  await expireEnrollmentKey(server, expired.id)
  assert.equal(pick(await enroll(server, expired.secret)), [401, REFUSED])
  const revoked = await makeKey(server, owner, { max_uses: 5 })
  const revoke = await call(server, 'POST', `/enrollment_keys/${revoked.id}/revoke`, owner.token)
  assert.equal([revoke.status, typeof revoke.body.revoked_at], [200, 'string'])
  assert.equal(pick(await enroll(server, revoked.secret)), [401, REFUSED])
  const listed = await call(server, 'GET', '/enrollment_keys/?filter[revoked]=true', owner.token)
  assert.ok(listed.body.some((row: Rec) => row.id === revoked.id), 'a revoked key stays listed')
  const good = await makeKey(server, owner)
  const forged = `${good.prefix}_${'A'.repeat(43)}`
  assert.equal(pick(await enroll(server, forged)), [401, REFUSED])
  assert.equal(pick(await enroll(server, 'enk_nothing')), [401, REFUSED])
  assert.is((await enroll(server, undefined)).status, 401)
  // An access key or a session is no enrollment key.
  assert.is((await enroll(server, owner.token)).status, 401)
  assert.is((await enroll(server, good.secret)).status, 201, 'the good key still has its use')
})

test('the same serial enrolling again re-attaches: same record, name kept, no use taken, old credential revoked', async () => {
  const key = await makeKey(server, owner, { max_uses: 2 })
  const serial = newSerial()
  const first = await enrolled(server, key.secret, { serial })
  const device = await call(server, 'GET', `/devices/${first.id}`, owner.token)
  const renamed = await call(server, 'PUT', `/devices/${first.id}`, owner.token, { ...device.body, name: 'Named by hand', tags: ['kept'] })
  assert.is(renamed.status, 200)
  const again = await enroll(server, key.secret, { serial, name: 'Agent name' })
  assert.equal([again.status, again.body.reattached, again.body.device.id, again.body.device.name], [200, true, first.id, 'Named by hand'])
  assert.is((await beat(server, first.credential.secret, first.id)).status, 401, 'the old credential is revoked')
  assert.is((await beat(server, again.body.credential.secret, first.id)).status, 200)
  const row = await deviceRow(server, first.id)
  assert.equal(JSON.parse(row!.tags), ['kept'])
  const keyNow = await call(server, 'GET', `/enrollment_keys/${key.id}`, owner.token)
  assert.is(keyNow.body.uses, 1)
  // A used-up one-off key still re-attaches its own device (a reinstalled kiosk), and enrolls no other.
  const oneOff = await makeKey(server, owner)
  const kiosk = await enrolled(server, oneOff.secret)
  const serialOf = (await deviceRow(server, kiosk.id))!.serial
  assert.is((await enroll(server, oneOff.secret, { serial: serialOf })).status, 200)
  assert.is((await enroll(server, oneOff.secret)).status, 401)
})

test("another organization's enrollment key never reaches this organization", async () => {
  const other = await register(server, 'Other enroller')
  const theirs = await makeKey(server, other, { max_uses: 3 })
  const mine = await makeKey(server, owner, { max_uses: 3 })
  const serial = newSerial()
  const here = await enrolled(server, mine.secret, { serial })
  // The same serial with their key: a new device of theirs, nothing of mine re-attached or told.
  const there = await enroll(server, theirs.secret, { serial })
  assert.equal([there.status, there.body.reattached], [201, false])
  assert.is.not(there.body.device.id, here.id)
  assert.is((await call(server, 'GET', `/devices/${there.body.device.id}`, owner.token)).status, 404)
  assert.is((await call(server, 'GET', `/devices/${here.id}`, other.token)).status, 404)
  assert.is((await beat(server, here.credential.secret, here.id)).status, 200, 'my device keeps its credential')
  // Their key's record is theirs alone.
  assert.is((await call(server, 'GET', `/enrollment_keys/${theirs.id}`, owner.token)).status, 404)
  assert.is((await call(server, 'POST', `/enrollment_keys/${theirs.id}/revoke`, owner.token)).status, 404)
  assert.is((await call(server, 'PUT', `/enrollment_keys/${theirs.id}`, owner.token, { name: 'Mine now', version: 1 })).status, 404)
  const listed = await call(server, 'GET', '/enrollment_keys/?per_page=100', owner.token)
  assert.not.ok(listed.body.some((row: Rec) => row.id === theirs.id))
  // Their credential speaks for their device only.
  assert.is((await beat(server, there.body.credential.secret, here.id)).status, 403)
})

test("an enrolled device takes a place of the plan: past its limit 409, and the key's use is not taken", async () => {
  const full = await register(server, 'Full plan')
  const fullKey = await makeKey(server, full, { max_uses: 20 })
  for (let n = 0; n < 10; n++) assert.is((await enroll(server, fullKey.secret)).status, 201)
  const over = await enroll(server, fullKey.secret)
  assert.equal([over.status, over.body.message], [409, message('planLimitDevices', { limit: 10 })])
  const keyNow = await call(server, 'GET', `/enrollment_keys/${fullKey.id}`, full.token)
  assert.is(keyNow.body.uses, 10, 'a refused enrollment takes no use')
})

test('an enrollment key made with an access key ends with it and does not outlive it', async () => {
  const access = await call(server, 'POST', '/access_keys/', owner.token, { name: 'Provisioner', scopes: ['devices'], expires_in_days: 7 })
  assert.is(access.status, 201)
  const key = await call(server, 'POST', '/enrollment_keys/', access.body.secret, { name: 'By a key', max_uses: 5, expires_in_days: 90, tags: [], location: '', model: '', approve: false, ephemeral: false })
  assert.is(key.status, 201, key.text)
  assert.is(key.body.expires_at, access.body.expires_at, 'no later than the access key')
  assert.is((await enroll(server, key.body.secret)).status, 201)
  assert.is((await call(server, 'DELETE', `/access_keys/${access.body.id}`, owner.token)).status, 200)
  assert.equal(pick(await enroll(server, key.body.secret)), [401, REFUSED])
})

const pick = (answer: { status: number; body: unknown }) => [answer.status, answer.body]

test('bad input gets field errors and makes nothing: a bad serial takes no use of a one-off key, a bad key form makes no key', async () => {
  const key = await makeKey(server, owner, { max_uses: 1 })
  const bad = await enroll(server, key.secret, { serial: ' not a serial! ' })
  assert.is(bad.status, 400, bad.text)
  assert.ok(bad.body.errors?.serial, JSON.stringify(bad.body))
  assert.is((await enroll(server, key.secret)).status, 201, 'the one use is still there')
  const form = await call(server, 'POST', '/enrollment_keys/', owner.token, { name: '', max_uses: 0, expires_in_days: 5, tags: [], location: '', model: '', approve: false, ephemeral: false })
  assert.is(form.status, 400)
  assert.ok(form.body.errors?.name && form.body.errors?.max_uses && form.body.errors?.expires_in_days, JSON.stringify(form.body))
})

test.run()
