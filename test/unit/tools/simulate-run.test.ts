import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CallError, type Api } from '../../../src/tools/simulate/api'
import { runFleet } from '../../../src/tools/simulate/run'
import { message } from '../../../src/server/messages'

const device = { id: 'd-1', serial: 'SIM-0001', ip: '10.0.0.1', firmware: '2.4.1', utcOffset: 0, outRatio: 0.5 }
const until = async (done: () => boolean) => {
  const deadline = Date.now() + 5000
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

test('a disabled device keeps beating and comes back once enabled; a refused key stops the run', async () => {
  let calls = 0
  const api: Api = {
    async call() {
      calls++
      if (calls <= 3) throw new CallError(403, message('deviceDisabled'))
      return { data: { status: 'online', last_seen: '' } as never, total: 0 }
    },
  }
  const lines: string[] = []
  const fatal: string[] = []
  const fleet = runFleet(api, [device], { every: 0.01, concurrency: 1, fatal: (line) => fatal.push(line), log: (line) => lines.push(line) })
  await until(() => fleet.stats.sent >= 2)
  await fleet.stop()
  assert.equal(fatal, [])
  assert.equal(lines, ['SIM-0001 is disabled on the server; its agent keeps trying', 'SIM-0001 is enabled again'])

  const refused: string[] = []
  const keyGone: Api = {
    async call() {
      throw new CallError(403, 'The key is revoked')
    },
  }
  const other = runFleet(keyGone, [device], { every: 0.01, concurrency: 1, fatal: (line) => refused.push(line), log: () => {} })
  await until(() => refused.length > 0)
  await other.stop()
  assert.match(refused[0]!, /refused the access key/)
})

test('each device beats with its own credential; a refused one retires that device alone', async () => {
  const used: string[] = []
  const own = (name: string, refuse = false): Api => ({
    async call() {
      used.push(name)
      if (refuse) throw new CallError(401, 'The credential is revoked')
      return { data: {} as never, total: 0 }
    },
  })
  const runKey: Api = {
    async call() {
      throw new Error('the run key sends no heartbeat of a device with a credential')
    },
  }
  const lines: string[] = []
  const fatal: string[] = []
  const devices = [{ ...device, api: own('a') }, { ...device, id: 'd-2', serial: 'SIM-0002', api: own('b', true) }]
  const fleet = runFleet(runKey, devices, { every: 0.01, concurrency: 2, fatal: (line) => fatal.push(line), log: (line) => lines.push(line) })
  await until(() => used.filter((name) => name === 'a').length >= 3)
  await fleet.stop()
  assert.equal(fatal, [])
  assert.is(used.filter((name) => name === 'b').length, 1)
  assert.equal(lines, ["SIM-0002's credential is refused (401: The credential is revoked); its agent stops"])
})

test.run()
