import { createHash } from 'node:crypto'
import * as assert from 'uvu/assert'
import { deviceCount, deviceHoursTraffic, idempotencyRow, insertHeartbeats, peakOnline, rewindFolds, rolesManagerCount, rollupTraffic, trailOf, type PastHeartbeat } from '../fixtures'
import { REPLAYED } from '../../src/server/http/idempotency'
import { message } from '../../src/server/messages'
import { fold } from '../../src/server/metrics/rollup'
import { client, createDevice, expectStatus, register, type Tenant, type TestServer } from './collections/_api'
import { people, roleIds, waitForMail, newAddress } from './people/_people'

type Rec = Record<string, any>

/**
 * Rules that span rows or requests, tried with requests side by side on `servers` (one process, or
 * several on one database), each request going to the next server in turn.
 */
const spread = <T>(servers: TestServer[], count: number, send: (server: TestServer, index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => send(servers[index % servers.length]!, index)))

/** 20 edits of one record with the same version: one wins, the rest are 409, the version goes up by one. */
export async function versionRace(servers: TestServer[]): Promise<void> {
  const owner = await register(servers[0]!, 'Racer')
  const device = expectStatus<Rec>(await owner.create('devices', createDevice()), 201)
  const answers = await spread(servers, 20, (server, index) => client(server, owner.token).update('devices', device.id, { ...device, name: `Edit ${index}` }))
  const statuses = answers.map((answer) => answer.status).sort()
  assert.equal(statuses, [200, ...Array<number>(19).fill(409)], `statuses ${statuses.join(' ')}`)
  const winner = answers.find((answer) => answer.status === 200)!.body as Rec
  const stored = expectStatus<Rec>(await owner.get('devices', device.id), 200)
  assert.equal([stored.version, stored.name], [device.version + 1, winner.name])
  for (const lost of answers.filter((answer) => answer.status === 409)) assert.is((lost.body as Rec).current.version, device.version + 1)
}

/** A second administrator of `owner`'s organization, invited and accepted. */
async function secondAdministrator(server: TestServer, owner: Tenant, roles: Record<string, string>) {
  const email = newAddress('co-admin')
  const member = expectStatus<Rec>(await people(server, owner.token).invite({ email, roles: [roles.Administrator] }), 201)
  const { token } = await waitForMail(server.dataDir, email)
  const answer = await server.post('/invitations/accept', { token, name: 'Co-admin', password: 'Co-Admin-Password-5521' })
  assert.is(answer.status, 200)
  const body = (await answer.json()) as Rec
  return { id: member.id as string, token: body.user.auth_key as string }
}

/**
 * Two administrators demote each other (to Viewer) at once, many times over: never does the
 * organization end without an active member holding `roles` and every right.
 */
export async function lockoutRace(servers: TestServer[], rounds = 5): Promise<void> {
  const [first] = servers
  for (let round = 0; round < rounds; round++) {
    const owner = await register(first!, 'Lockout racer')
    const viewer = expectStatus<Rec>(await owner.create('roles', { name: 'Viewer', description: '', rights: ['devices'] }), 201)
    const roles = { ...(await roleIds(first!, owner.organizationId)), Viewer: viewer.id as string }
    const other = await secondAdministrator(first!, owner, roles)
    const asOwner = people(first!, owner.token)
    const ownerRecord = expectStatus<Rec>(await asOwner.get(owner.userId), 200)
    const otherRecord = expectStatus<Rec>(await asOwner.get(other.id), 200)
    const demote = (server: TestServer, token: string, record: Rec) => people(server, token).update(record.id, { ...record, roles: [roles.Viewer] })
    const answers = await Promise.all([
      demote(servers[0]!, owner.token, otherRecord),
      demote(servers[1 % servers.length]!, other.token, ownerRecord),
    ])
    const statuses = answers.map((answer) => answer.status).sort()
    assert.ok(statuses.includes(409) || statuses.includes(403), `round ${round}: both demotions answered ${statuses.join(' ')}: ${answers.map((answer) => answer.text).join(' ')}`)
    assert.ok((await rolesManagerCount(first!, owner.organizationId)) >= 1, `round ${round}: nobody manages roles any more`)
  }
}

/** 30 devices created at once in an organization whose plan allows 10: exactly 10 are made. */
export async function planLimitRace(servers: TestServer[]): Promise<void> {
  const owner = await register(servers[0]!, 'Plan racer')
  const answers = await spread(servers, 30, (server) => client(server, owner.token).create('devices', createDevice()))
  const made = answers.filter((answer) => answer.status === 201).length
  assert.is(made, 10, `created ${made} of 30 (statuses ${answers.map((answer) => answer.status).join(' ')})`)
  for (const answer of answers.filter((answer) => answer.status !== 201)) assert.is(answer.status, 409)
  assert.is(await deviceCount(servers[0]!, owner.organizationId), 10)
}

/**
 * Heartbeats over half an hour, folded by every server at once, twice over: the rollups count each
 * sample once, in the minutes, the hours and each device's hours.
 */
export async function foldRace(servers: TestServer[]): Promise<void> {
  const owner = await register(servers[0]!, 'Fold racer')
  const devices = await Promise.all(Array.from({ length: 3 }, async () => expectStatus<Rec>(await owner.create('devices', createDevice()), 201)))
  // Whole minutes long before now, away from what the seeded fleet and other tests write.
  const start = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 30 * 24 * 3_600_000
  const beats: PastHeartbeat[] = []
  for (let minute = 0; minute < 30; minute++) {
    for (const [index, device] of devices.entries()) {
      for (let beat = 0; beat < 4; beat++) {
        const at = start + minute * 60_000 + beat * 15_000 + index
        beats.push({ deviceId: device.id, organizationId: owner.organizationId, at, latencyMs: 10, bytesIn: 100, bytesOut: 50, cpu: 5, memory: 5 })
      }
    }
  }
  await insertHeartbeats(servers[0]!, beats)
  const count = beats.length
  // The watermark goes back before them, as a server that was down for a month would find it.
  await rewindFolds(servers[0]!, new Date(start - 60_000).toISOString())
  const now = new Date()
  for (let round = 0; round < 2; round++) await Promise.all(servers.flatMap((server) => [fold(server.db, now), fold(server.db, now)]))
  const organizationId = owner.organizationId
  assert.is((await rollupTraffic(servers[0]!, 60, organizationId)).samples, count, 'minutes')
  assert.is((await rollupTraffic(servers[0]!, 3600, organizationId)).samples, count, 'hours')
  assert.is((await deviceHoursTraffic(servers[0]!, organizationId)).samples, count, 'device hours')
  assert.is(await peakOnline(servers[0]!, organizationId, 3600), devices.length, 'each device online once per hour')
}

/** A create sent with `key` as its Idempotency-Key; the answer's status, body and replay header. */
async function createWithKey(server: TestServer, token: string, body: unknown, key: string) {
  const res = await fetch(`${server.url}/api/devices/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Rec, replayed: res.headers.get(REPLAYED), retryAfter: res.headers.get('Retry-After') }
}

/**
 * 20 creates of one device under one Idempotency-Key at once, `rounds` times: one of them runs and
 * makes the record, every other gets its answer replayed or, while it runs, 409 with
 * `Retry-After: 1`; never a second device, audit entry or kept answer.
 */
export async function idempotencyRace(servers: TestServer[], rounds = 3): Promise<void> {
  const owner = await register(servers[0]!, 'Idempotent racer')
  for (let round = 0; round < rounds; round++) {
    const key = `race-${round}`
    const body = createDevice()
    const answers = await spread(servers, 20, (server) => createWithKey(server, owner.token, body, key))
    const ran = answers.filter((answer) => answer.status === 201 && answer.replayed === null)
    assert.is(ran.length, 1, `round ${round}: ${ran.length} requests ran (statuses ${answers.map((answer) => `${answer.status}${answer.replayed ? 'r' : ''}`).join(' ')})`)
    const id = ran[0]!.body.id as string
    for (const answer of answers) {
      if (answer.status === 201) assert.is(answer.body.id, id, `round ${round}: a replay names another device`)
      else {
        assert.equal([answer.status, answer.retryAfter, answer.body.message], [409, '1', message('idempotencyInFlight')], `round ${round}`)
      }
    }
    const retried = await createWithKey(servers[servers.length - 1]!, owner.token, body, key)
    assert.equal([retried.status, retried.body.id, retried.replayed], [201, id, 'true'], `round ${round}: the retry after the race`)
    const devices = await deviceCount(servers[0]!, owner.organizationId, body.serial)
    const trail = (await trailOf(servers[0]!, id)).length
    const kept = (await idempotencyRow(servers[0]!, createHash('sha256').update(`${owner.organizationId}\nuser:${owner.userId}\n${key}`).digest('hex'))) ? 1 : 0
    assert.equal([Number(devices), Number(trail), Number(kept)], [1, 1, 1], `round ${round}: devices, audit entries, kept answers`)
  }
}
