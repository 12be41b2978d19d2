import { test } from 'uvu'
import { ENDED_CREDENTIALS_KEPT } from '../../../src/server/db/device-credentials'
import * as assert from 'uvu/assert'
import { CREDENTIAL_GRACE_S } from '../../../src/contract/enrollment'
import { message } from '../../../src/server/messages'
import { call, createDevice, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { backdateRenewal, credentialsOf, expireCredential, heartbeatCountOf, isoAgo } from '../../fixtures'
import { beat, enrolled, makeKey, renew } from './_enrollment'

type Rec = Record<string, any>

let server: TestServer
let owner: Tenant

test.before(async () => {
  server = await startServer()
  owner = await register(server, 'Credential holder')
})
test.after(() => server.close())

const ONLY_HEARTBEATS = { message: message('credentialOnlyHeartbeats') }
const OTHER_DEVICE = { message: message('credentialOtherDevice') }
const REFUSED_CREDENTIAL = 401

test('a device credential sends its own heartbeats: the device turns online and the beat is kept', async () => {
  const key = await makeKey(server, owner)
  const device = await enrolled(server, key.secret)
  const answer = await beat(server, device.credential.secret, device.id)
  assert.equal([answer.status, answer.body.status], [200, 'online'])
  const read = await call(server, 'GET', `/devices/${device.id}`, owner.token)
  assert.equal([read.body.status, read.body.ip], ['online', '10.0.0.7'])
  assert.is(await heartbeatCountOf(server, device.id), 1)
  const credential = await call(server, 'GET', `/devices/${device.id}/credential`, owner.token)
  assert.equal([credential.status, credential.body.id, credential.body.prefix, typeof credential.body.last_used_at], [200, device.credential.id, device.credential.prefix, 'string'])
  assert.not.ok(credential.text.includes(device.credential.secret))
})

test("a device credential cannot beat for another device, of its organization, of another, or none: 403 alike", async () => {
  const key = await makeKey(server, owner, { max_uses: 2 })
  const mine = await enrolled(server, key.secret)
  const sibling = await enrolled(server, key.secret)
  const other = await register(server, 'Elsewhere')
  const theirs = await call(server, 'POST', '/devices/', other.token, createDevice())
  for (const id of [sibling.id, theirs.body.id, 'no-such-device']) {
    const answer = await beat(server, mine.credential.secret, id)
    assert.equal([answer.status, answer.body], [403, OTHER_DEVICE], id)
  }
  assert.is(await heartbeatCountOf(server, sibling.id), 0)
  assert.is(await heartbeatCountOf(server, theirs.body.id), 0)
})

test('a device credential reads no route and writes none: 403 saying what it is for', async () => {
  const key = await makeKey(server, owner)
  const device = await enrolled(server, key.secret)
  const token = device.credential.secret
  const reads = ['/devices/', `/devices/${device.id}`, `/devices/${device.id}/history`, `/devices/${device.id}/credential`, '/users/self', '/access_keys/', '/enrollment_keys/', '/tunnels/', '/billing/', '/audit/', '/summary', '/metrics/network', '/alert_rules/', '/users/', '/roles/', '/events']
  for (const route of reads) {
    const answer = await call(server, 'GET', route, token)
    assert.equal([answer.status, answer.body], [403, ONLY_HEARTBEATS], route)
  }
  const writes: [string, string, unknown][] = [
    ['POST', '/devices/', createDevice()],
    ['PUT', `/devices/${device.id}`, { ...createDevice(), version: 1 }],
    ['DELETE', `/devices/${device.id}`, undefined],
    ['POST', `/devices/${device.id}/credential/revoke`, undefined],
    ['POST', `/devices/${device.id}/approve`, undefined],
    ['POST', '/enrollment_keys/', { name: 'Mine', max_uses: 1, expires_in_days: 1, tags: [], location: '', model: '', approve: false, ephemeral: false }],
    ['POST', '/access_keys/', { name: 'Mine', scopes: ['devices'], expires_in_days: 30 }],
  ]
  for (const [method, route, body] of writes) {
    const answer = await call(server, method, route, token, body)
    assert.equal([answer.status, answer.body], [403, ONLY_HEARTBEATS], `${method} ${route}`)
  }
  assert.is((await call(server, 'GET', `/devices/${device.id}`, owner.token)).status, 200, 'the device is untouched')
})

test('revoked from the device page, the credential is refused at once (401), and the page shows none', async () => {
  const key = await makeKey(server, owner)
  const device = await enrolled(server, key.secret)
  assert.is((await beat(server, device.credential.secret, device.id)).status, 200)
  const revoked = await call(server, 'POST', `/devices/${device.id}/credential/revoke`, owner.token)
  assert.equal([revoked.status, revoked.body.id, typeof revoked.body.revoked_at], [200, device.credential.id, 'string'])
  const refused = await beat(server, device.credential.secret, device.id)
  assert.equal([refused.status, refused.body.message], [REFUSED_CREDENTIAL, message('credentialRefused')])
  assert.is((await renew(server, device.credential.secret)).status, 401)
  const none = await call(server, 'GET', `/devices/${device.id}/credential`, owner.token)
  assert.equal([none.status, none.body], [200, null], 'the page shows none')
  assert.is((await call(server, 'POST', `/devices/${device.id}/credential/revoke`, owner.token)).status, 404)
  // Another organization cannot revoke it, nor read it.
  const other = await register(server, 'Revoker elsewhere')
  const fresh = await enrolled(server, key.secret, { serial: (await call(server, 'GET', `/devices/${device.id}`, owner.token)).body.serial })
  assert.is((await call(server, 'POST', `/devices/${fresh.id}/credential/revoke`, other.token)).status, 404)
  assert.is((await call(server, 'GET', `/devices/${fresh.id}/credential`, other.token)).status, 404)
  assert.is((await beat(server, fresh.credential.secret, fresh.id)).status, 200)
})

test("a disabled device's credential is refused (403), and works again once it is enabled", async () => {
  const key = await makeKey(server, owner)
  const device = await enrolled(server, key.secret)
  const record = (await call(server, 'GET', `/devices/${device.id}`, owner.token)).body
  assert.is((await call(server, 'PUT', `/devices/${device.id}`, owner.token, { ...record, enabled: false })).status, 200)
  const refused = await beat(server, device.credential.secret, device.id)
  assert.equal([refused.status, refused.body.message], [403, message('deviceDisabled')])
  assert.is((await renew(server, device.credential.secret)).status, 403)
  const now = (await call(server, 'GET', `/devices/${device.id}`, owner.token)).body
  assert.is((await call(server, 'PUT', `/devices/${device.id}`, owner.token, { ...now, enabled: true })).status, 200)
  assert.is((await beat(server, device.credential.secret, device.id)).status, 200)
})

test('a renewal answers a new credential; the old one works within the grace period, not after', async () => {
  const key = await makeKey(server, owner)
  const device = await enrolled(server, key.secret)
  const renewed = await renew(server, device.credential.secret)
  assert.is(renewed.status, 200, renewed.text)
  const next: Rec = renewed.body
  assert.match(next.secret, /^edc_[a-z0-9]{8}_[\w-]{43}$/)
  assert.is.not(next.prefix, device.credential.prefix)
  assert.ok(next.expires_at > device.credential.expires_at)
  assert.is((await beat(server, device.credential.secret, device.id)).status, 200, 'within the grace period')
  assert.is((await beat(server, next.secret, device.id)).status, 200)
  const page = await call(server, 'GET', `/devices/${device.id}/credential`, owner.token)
  assert.is(page.body.id, next.id, 'the page shows the live one')
  await backdateRenewal(server, device.credential.id, isoAgo((CREDENTIAL_GRACE_S + 1) * 1000))
  assert.is((await beat(server, device.credential.secret, device.id)).status, 401, 'after the grace period')
  assert.is((await renew(server, device.credential.secret)).status, 401, 'nor renews after it')
  assert.is((await beat(server, next.secret, device.id)).status, 200)
  assert.is((await credentialsOf(server, device.id)).length, 2)
})

test('a renewal whose answer was lost is asked again with the old credential: the unseen one ends, the device holds one', async () => {
  const key = await makeKey(server, owner)
  const device = await enrolled(server, key.secret)
  const lost: Rec = (await renew(server, device.credential.secret)).body
  const again = await renew(server, device.credential.secret)
  assert.is(again.status, 200, again.text)
  const next: Rec = again.body
  assert.is.not(next.id, lost.id)
  assert.is((await beat(server, lost.secret, device.id)).status, 401, 'the answer never received is revoked')
  assert.is((await beat(server, next.secret, device.id)).status, 200)
  assert.is((await beat(server, device.credential.secret, device.id)).status, 200, 'the old one within its grace')
  await backdateRenewal(server, device.credential.id, isoAgo((CREDENTIAL_GRACE_S + 1) * 1000))
  assert.is((await beat(server, device.credential.secret, device.id)).status, 401)
  const page = await call(server, 'GET', `/devices/${device.id}/credential`, owner.token)
  assert.is(page.body.id, next.id)
})

test('an expired credential is refused (401) and cannot renew itself', async () => {
  const key = await makeKey(server, owner)
  const device = await enrolled(server, key.secret)
  await expireCredential(server, device.credential.id)
  assert.is((await beat(server, device.credential.secret, device.id)).status, 401)
  assert.is((await renew(server, device.credential.secret)).status, 401)
})

test('renewing takes a device credential: a session, an access key or an enrollment key is refused', async () => {
  const key = await makeKey(server, owner, { max_uses: 2 })
  assert.is((await renew(server, owner.token)).status, 403)
  assert.is((await renew(server, key.secret)).status, 401)
  const access = await call(server, 'POST', '/access_keys/', owner.token, { name: 'Beats', scopes: ['heartbeat'], expires_in_days: 30 })
  assert.is((await renew(server, access.body.secret)).status, 403)
  // The organization-wide heartbeat key still beats for any device of it, as before.
  const device = await enrolled(server, key.secret)
  assert.is((await beat(server, access.body.secret, device.id)).status, 200)
})

test('a device enrolling again and again keeps its live credential and at most five ended ones', async () => {
  const looping = await register(server, 'Looping fleet')
  const key = await makeKey(server, looping, { max_uses: 1 })
  const serial = `LOOP-${Date.now()}`
  let last: { id: string; credential: Rec } | undefined
  for (let n = 0; n < 9; n++) last = await enrolled(server, key.secret, { serial })
  const rows = await credentialsOf(server, last!.id)
  assert.is(rows.length, 1 + ENDED_CREDENTIALS_KEPT, 'the live one and the five newest ended ones')
  assert.is((await beat(server, last!.credential.secret, last!.id)).status, 200)
})

test.run()
