// Enrollments racing for what only one may take: the last use of a key, the last place of a plan.
import * as assert from 'uvu/assert'
import { message } from '../../../src/server/messages'
import { call, createDevice, register, type TestServer } from '../collections/_api'
import { credentialsOf, deviceCount } from '../../fixtures'
import { enroll, makeKey, newSerial } from './_enrollment'

/** The free plan's devices. */
const FREE_DEVICES = 10

/** Two devices enroll at once, on `servers` in turn, with a one-off key, `rounds` times: one is made, the other refused. */
export async function lastUseRace(servers: TestServer[], rounds = 5): Promise<void> {
  const owner = await register(servers[0]!, 'Last use racer')
  for (let round = 0; round < rounds; round++) {
    const key = await makeKey(servers[0]!, owner)
    const answers = await Promise.all(servers.length > 1 ? servers.map((server) => enroll(server, key.secret)) : [enroll(servers[0]!, key.secret), enroll(servers[0]!, key.secret)])
    const statuses = answers.map((answer) => answer.status).sort()
    assert.equal(statuses, [201, 401], `round ${round}: ${answers.map((answer) => answer.text).join(' ')}`)
    assert.equal(answers.find((answer) => answer.status === 401)!.body, { message: message('enrollmentKeyUsedUp', { max: 1 }) })
    const read = await call(servers[0]!, 'GET', `/enrollment_keys/${key.id}`, owner.token)
    assert.is(read.body.uses, 1, `round ${round}`)
  }
  assert.is(await deviceCount(servers[0]!, owner.organizationId), rounds)
}

/**
 * Two devices enroll at once, on `servers` in turn, with a reusable key, for the last free device
 * place of the plan, `rounds` times: one is made, the other is 409, and the key counts one use.
 */
export async function lastPlaceRace(servers: TestServer[], rounds = 3): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const owner = await register(servers[0]!, 'Last place racer')
    for (let n = 0; n < FREE_DEVICES - 1; n++) assert.is((await owner.create('devices', createDevice())).status, 201)
    const key = await makeKey(servers[0]!, owner, { max_uses: 5 })
    const pair = servers.length > 1 ? servers.slice(0, 2) : [servers[0]!, servers[0]!]
    const answers = await Promise.all(pair.map((server) => enroll(server, key.secret, { serial: newSerial() })))
    const statuses = answers.map((answer) => answer.status).sort()
    assert.equal(statuses, [201, 409], `round ${round}: ${answers.map((answer) => answer.text).join(' ')}`)
    assert.equal(answers.find((answer) => answer.status === 409)!.body, { message: message('planLimitDevices', { limit: FREE_DEVICES }) })
    assert.is(await deviceCount(servers[0]!, owner.organizationId), FREE_DEVICES, `round ${round}`)
    const read = await call(servers[0]!, 'GET', `/enrollment_keys/${key.id}`, owner.token)
    assert.is(read.body.uses, 1, `round ${round}`)
  }
}

/**
 * One serial enrolling twice at once, on `servers` in turn, `rounds` times: the first time one
 * makes the device and the other re-attaches to it; again at once, both re-attach. Never two
 * devices, never a second use of the key, and one credential standing.
 */
export async function sameSerialRace(servers: TestServer[], rounds = 3): Promise<void> {
  const owner = await register(servers[0]!, 'Same serial racer')
  const pair = servers.length > 1 ? servers.slice(0, 2) : [servers[0]!, servers[0]!]
  for (let round = 0; round < rounds; round++) {
    const key = await makeKey(servers[0]!, owner, { max_uses: 5 })
    const serial = newSerial()
    for (const expected of [[200, 201], [200, 200]]) {
      const answers = await Promise.all(pair.map((server) => enroll(server, key.secret, { serial })))
      assert.equal(answers.map((answer) => answer.status).sort(), expected, `round ${round}: ${answers.map((answer) => answer.text).join(' ')}`)
      assert.is(answers[0]!.body.device.id, answers[1]!.body.device.id)
      const standing = (await credentialsOf(servers[0]!, answers[0]!.body.device.id)).filter((row) => row.revoked_at === null)
      assert.is(standing.length, 1, `round ${round}: credentials standing`)
    }
    assert.is(await deviceCount(servers[0]!, owner.organizationId, serial), 1)
    assert.is((await call(servers[0]!, 'GET', `/enrollment_keys/${key.id}`, owner.token)).body.uses, 1)
  }
}
