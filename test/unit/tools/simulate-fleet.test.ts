import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CallError, type Api } from '../../../src/tools/simulate/api'
import { ensureFleet } from '../../../src/tools/simulate/fleet'

/** An enroller that takes `room` new serials, then answers the plan's 409; it records each body sent. */
function enroller(room: number, sent: unknown[]): Api {
  return {
    async call<T>(_method: string, path: string, body?: unknown) {
      assert.is(path, '/devices/enroll')
      sent.push(body)
      if (sent.length > room) throw new CallError(409, 'Your plan allows 2 devices')
      const serial = (body as { serial: string }).serial
      return { data: { device: { id: `id-${serial}`, name: (body as { name: string }).name, status: 'provisioning' }, credential: { secret: `edc_${serial}` }, reattached: false } as T, total: 0 }
    },
  }
}

test('with an enrollment key alone the fleet enrolls each device, which beats with its own credential', async () => {
  const sent: unknown[] = []
  const secrets: string[] = []
  const lines: string[] = []
  const clientFor = (secret: string): Api => (secrets.push(secret), enroller(0, []))
  const fleet = await ensureFleet({ enroller: enroller(2, sent), clientFor }, 3, false, 1, (line) => lines.push(line))
  assert.equal(fleet.map((device) => [device.id, device.serial, device.api !== undefined]), [['id-SIM-0001', 'SIM-0001', true], ['id-SIM-0002', 'SIM-0002', true]])
  assert.equal(secrets, ['edc_SIM-0001', 'edc_SIM-0002'])
  assert.equal(sent, [
    { serial: 'SIM-0001', name: 'sim-ham-kiosk-0001', model: 'Kiosk K2' },
    { serial: 'SIM-0002', name: 'sim-mad-kiosk-0002', model: 'Kiosk K2' },
    { serial: 'SIM-0003', name: 'sim-jkt-kiosk-0003', model: 'Kiosk K2' },
  ])
  assert.equal(lines, ['enrolling 3 device(s)', 'could not add 1 of 3 device(s): Your plan allows 2 devices'])
})

test.run()
