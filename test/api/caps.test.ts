import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { endFirstMute, expireAccessKey, expireInvitation, roleCount, until } from '../fixtures'
import { call, expectStatus, register, startServer, type Tenant, type TestServer } from './collections/_api'
import { newAddress, people, roleIds, waitForMail } from './people/_people'
import { CAP_NAMES, FREE, capRace, fill, makerOf } from './_caps'

type Rec = Record<string, any>

let server: TestServer
let other: Tenant

const billing = async (who: Tenant) => expectStatus<Rec>(await call(server, 'GET', '/billing/', who.token), 200)

test.before(async () => {
  server = await startServer()
  other = await register(server, 'Unaffected')
})
test.after(() => server.close())

test('each collection a tenant grows is refused at its plan cap with the limit named; a removed record frees its place; another organization is unaffected', async () => {
  for (const kind of CAP_NAMES) {
    const owner = await register(server, `Capped ${kind}`)
    const maker = await makerOf(server, owner, kind)
    const { limit, message } = FREE[kind]
    await fill(server, owner, maker, limit - 1)
    const last = expectStatus<Rec>(await maker.create(limit), 201, `${kind}: the last free place`).id
    const refused = await maker.create(limit + 1)
    assert.equal([refused.status, refused.body], [409, { message }], kind)

    const theirs = await makerOf(server, other, kind)
    expectStatus(await theirs.create(0), 201, `${kind}: another organization`)

    expectStatus(await maker.remove(last), 200, `${kind}: removing one`)
    expectStatus(await maker.create(limit + 2), 201, `${kind}: the freed place`)
    assert.is((await maker.create(limit + 3)).status, 409, `${kind}: full again`)
  }
})

test('revoked or expired keys, built-in roles and mutes past their time do not count', async () => {
  const owner = await register(server, 'What counts')
  const keys = await makerOf(server, owner, 'access_keys')
  const ids = await fill(server, owner, keys, FREE.access_keys.limit)
  assert.is((await keys.create(0)).status, 409)
  expectStatus(await keys.remove(ids[0]!), 200)
  expectStatus(await keys.create(1), 201, 'after a revoke')
  await expireAccessKey(server, ids[1]!, 60_000)
  expectStatus(await keys.create(2), 201, 'after an expiry')
  assert.is((await keys.create(3)).status, 409)

  const roles = await makerOf(server, owner, 'roles')
  await fill(server, owner, roles, FREE.roles.limit)
  assert.is((await roles.create(0)).status, 409)
  assert.is(await roleCount(server, owner.organizationId), FREE.roles.limit + 1, 'the built-in Administrator beside them')

  const mutes = await makerOf(server, owner, 'alert_mutes')
  await fill(server, owner, mutes, FREE.alert_mutes.limit)
  assert.is((await mutes.create(0)).status, 409)
  await endFirstMute(server, owner.organizationId, 60_000)
  expectStatus(await mutes.create(1), 201, 'after a mute ended')

  const caps = (await billing(owner)).caps
  assert.equal([caps?.access_keys, caps?.roles, caps?.alert_mutes], [
    { used: FREE.access_keys.limit, limit: FREE.access_keys.limit },
    { used: FREE.roles.limit, limit: FREE.roles.limit },
    { used: FREE.alert_mutes.limit, limit: FREE.alert_mutes.limit },
  ])
})

test('invitations count while open: accepted, withdrawn and expired ones free their place; a resend at the cap renews an open one only', async () => {
  const owner = await register(server, 'Inviting')
  const { Administrator } = await roleIds(server, owner.organizationId)
  const team = people(server, owner.token)
  const invite = (email = newAddress('open')) => team.invite({ email, roles: [Administrator] })
  const maker = await makerOf(server, owner, 'invitations')
  const ids = await fill(server, owner, maker, FREE.invitations.limit - 1)
  const email = newAddress('accepting')
  const accepting = expectStatus<Rec>(await invite(email), 201)
  const full = await invite()
  assert.equal([full.status, full.body], [409, { message: FREE.invitations.message }])

  expectStatus(await team.resend(ids[0]!), 200, 'a resend of an open invitation at the cap')
  await expireInvitation(server, ids[1]!, owner.organizationId, 60_000)
  expectStatus(await invite(), 201, 'after an expiry')
  const resent = await team.resend(ids[1]!)
  assert.equal([resent.status, resent.body], [409, { message: FREE.invitations.message }], 'a resend of an expired invitation at the cap')

  const { token } = await waitForMail(server.dataDir, email)
  expectStatus(await call(server, 'POST', '/invitations/accept', undefined, { token, name: 'Accepted', password: 'Accepted-Password-5521' }), 200, 'the acceptance')
  assert.is((await team.get(accepting.id)).body.status, 'active')
  expectStatus(await invite(), 201, 'after an acceptance')
  expectStatus(await team.withdraw(ids[2]!), 200)
  expectStatus(await invite(), 201, 'after a withdrawal')
  assert.is((await invite()).status, 409)
  assert.equal((await billing(owner)).caps?.invitations, { used: FREE.invitations.limit, limit: FREE.invitations.limit })
})

test('billing answers the use of every capped collection with its limit, and a bigger plan lifts the caps', async () => {
  const owner = await register(server, 'Billing caps')
  const fresh = await billing(owner)
  assert.equal(fresh.caps, Object.fromEntries(CAP_NAMES.map((kind) => [kind, { used: 0, limit: FREE[kind].limit }])))
  const [free, team, business] = fresh.plans as Rec[]
  assert.equal(free!.caps, Object.fromEntries(CAP_NAMES.map((kind) => [kind, FREE[kind].limit])))
  for (const kind of CAP_NAMES) assert.ok(free!.caps[kind] < team!.caps[kind] && team!.caps[kind] < business!.caps[kind], kind)

  const rules = await makerOf(server, owner, 'alert_rules')
  await fill(server, owner, rules, FREE.alert_rules.limit)
  assert.is((await rules.create(0)).status, 409)
  assert.equal((await billing(owner)).caps.alert_rules, { used: FREE.alert_rules.limit, limit: FREE.alert_rules.limit })
  const upgraded = expectStatus<Rec>(await call(server, 'PUT', '/billing/plan', owner.token, { plan: 'team', version: fresh.version }), 200)
  assert.equal(upgraded.caps.alert_rules, { used: FREE.alert_rules.limit, limit: team!.caps.alert_rules })
  expectStatus(await rules.create(1), 201, 'on the bigger plan')
  assert.is((await billing(owner)).caps.alert_rules.used, FREE.alert_rules.limit + 1)
})

test('an undone bulk revoke brings no key back past the cap', async () => {
  const owner = await register(server, 'Undo at the cap')
  const keys = await makerOf(server, owner, 'access_keys')
  const ids = await fill(server, owner, keys, FREE.access_keys.limit)
  const previewed = expectStatus<Rec>(await call(server, 'POST', '/bulk/preview', owner.token, { collection: 'access_keys', action: 'revoke', selection: { ids: ids.slice(0, 2) } }), 201)
  expectStatus(await call(server, 'POST', `/bulk/${previewed.id}/run`, owner.token), 202)
  await until(
    async () => {
      const job = expectStatus<Rec>(await call(server, 'GET', `/bulk/${previewed.id}`, owner.token), 200)
      assert.is.not(job.status, 'failed')
      return job.status === 'done'
    },
    { everyMs: 20, timeoutMs: 60_000 },
  )
  expectStatus(await keys.create(0), 201, 'a key in a freed place')
  const back = expectStatus<Rec>(await call(server, 'POST', `/bulk/${previewed.id}/undo`, owner.token), 200)
  assert.is(back.restored, 1)
  assert.equal(back.left.map((left: Rec) => left.reason), [FREE.access_keys.message])
  assert.equal((await billing(owner)).caps.access_keys, { used: FREE.access_keys.limit, limit: FREE.access_keys.limit })
})

test('creates at once at the last free place make exactly one', async () => {
  for (const kind of ['alert_rules', 'invitations', 'alert_mutes'] as const) await capRace([server], kind)
})

test.run()
