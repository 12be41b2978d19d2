import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { setToken } from '../../../../src/api/client'
import type { Alert } from '../../../../src/contract/alerts'
import { DeviceAlerts } from '../../../../src/features/devices/device-alerts'
import { $live } from '../../../../src/stores/live'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { createAlert } from '../alerts/factories'
import { act, cleanup, renderAt, resetSession, waitFor } from '../helpers'
import { eventStream, listReply, routeFetch, type RouteStub } from '../route-stub'

let stub: RouteStub | undefined
const events = eventStream()

test.before.each(() => {
  resetSession()
  setToken('token-1')
  const user = createUser({ rights: ['devices'] })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
})
test.after.each(() => {
  cleanup()
  stub?.restore()
})

test("lists the device's firing alerts first, then those that ended, and a new one as it fires", async () => {
  let firing: Alert[] = [createAlert({ rule_name: 'Dark' })]
  stub = routeFetch({
    'GET /alerts': ({ query }) => listReply(query.get('state') === 'resolved' ? [createAlert({ rule_name: 'Hot', condition: 'metric', state: 'resolved', resolved_at: new Date().toISOString() })] : firing),
    'GET /events': () => events.response(),
  })
  const { view } = renderAt('/app/devices/details?id=d-1', <DeviceAlerts deviceId="d-1" />)
  const items = () => view.getAllByRole('listitem').map((item) => item.textContent)
  await waitFor(() => assert.equal(items().length, 2))
  assert.match(items()[0]!, /^DarkFiringOffline · fired 5 min ago/)
  assert.match(items()[1]!, /^HotEndedMetric past its threshold · fired 5 min ago · ended just now/)
  assert.ok(stub.seen('GET /alerts').every((request) => new URL(request.url, 'http://x').searchParams.get('device_id') === 'd-1'), 'asks for this device alone')
  await waitFor(() => assert.is($live.get().state, 'live'))
  firing = [createAlert({ rule_name: 'Errors', condition: 'error', fired_at: new Date().toISOString() }), ...firing]
  await act(async () => events.send('change', { collection: 'alerts', id: 'a-x', action: 'create', version: 0 }))
  await waitFor(() => assert.equal(items().length, 3))
  assert.match(items()[0]!, /^ErrorsFiring/)
})

test.run()
