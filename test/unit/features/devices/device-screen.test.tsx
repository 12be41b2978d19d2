import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { setToken } from '../../../../src/api/client'
import type { Device } from '../../../../src/contract/devices'
import DeviceScreen from '../../../../src/features/devices/device-screen'
import { $live } from '../../../../src/stores/live'
import { $notice, closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createDevice, createUser } from '../../contract/factories'
import { within } from '../../ui/testing'
import { act, cleanup, fireEvent, renderAt, resetSession, waitFor } from '../helpers'
import { eventStream, listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'

let stub: RouteStub | undefined
const events = eventStream()

test.before.each(() => {
  resetSession()
  setToken('token-1')
  const user = createUser({ rights: ['devices', 'tunnels'] })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  closeNotice()
})

const device = createDevice({ id: 'd-1', name: 'gate-1', status: 'offline', version: 3 })
const now = Date.now()
const history = [0, 1, 2].map((step) => ({
  at: new Date(now - (3 - step) * 600_000).toISOString(),
  latency_ms: [12, 40, 20][step]!,
  bytes_in: [1000, 2_500_000, 3000][step]!,
  bytes_out: 10,
}))
const tunnel = {
  id: 't-1',
  name: 'gate-1 ssh',
  device_id: 'd-1',
  device_name: 'gate-1',
  protocol: 'tcp',
  local_port: 22,
  public_endpoint: 'tcp://t-1.tunnels.example:40022',
  enabled: true,
  status: 'down',
  created_at: device.created_at,
  updated_at: device.updated_at,
  version: 1,
}

const open = (path: string, routes: Record<string, Handler> = {}) => {
  stub = routeFetch({
    'GET /devices/d-1': () => ({ status: 200, body: device }),
    'GET /devices/d-1/history': () => ({ status: 200, body: history }),
    // A device made by hand has no credential until it connects.
    'GET /devices/d-1/credential': () => ({ status: 200, body: null }),
    'GET /tunnels/': () => listReply([tunnel]),
    'GET /events': () => events.response(),
    ...routes,
  })
  return renderAt(
    path,
    <Route path="/app" nest>
      <DeviceScreen />
    </Route>,
  )
}

test('shows the device, its history as sparklines with words, and its tunnels', async () => {
  const { view } = open('/app/devices/details?id=d-1')
  await waitFor(() => view.getByRole('heading', { name: 'gate-1' }))
  assert.ok(view.getByText('SN-0001'))
  assert.ok(view.getByText('Offline'))
  const latency = await waitFor(() => view.getByRole('img', { name: 'Latency Latest 20 ms, lowest 12 ms, highest 40 ms' }))
  assert.ok(latency.querySelector('path'))
  // Byte counts come isolated left to right, so they read the same in Arabic.
  const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\s/g, ' ')
  assert.ok(view.getByRole('img', { name: (name) => plain(name) === 'Received Latest 3 kB, lowest 1 kB, highest 2.5 MB' }))
  assert.match(stub!.seen('GET /devices/d-1/history')[0]!.url, /range=24h/)
  await waitFor(() => view.getByText('gate-1 ssh'))
  assert.match(decodeURIComponent(stub!.seen('GET /tunnels/')[0]!.url), /filter\[device_id\]=d-1/)
  assert.is(view.getByRole('link', { name: 'Open in Tunnels' }).getAttribute('href'), '/app/tunnels?device_id=d-1')
})

test('a repeat visit shows the device as last read at once, even when the server does not answer; another device is not shown it', async () => {
  const first = open('/app/devices/details?id=d-1')
  await waitFor(() => first.view.getByRole('heading', { name: 'gate-1' }))
  cleanup()
  stub?.restore()
  const { view } = open('/app/devices/details?id=d-1', { 'GET /devices/d-1': () => ({ fail: 'network down' }) })
  assert.ok(view.queryByRole('heading', { name: 'gate-1' }), 'on the first render, before any answer')
  await waitFor(() => assert.is(stub!.seen('GET /devices/d-1').length, 1))
  assert.ok(view.getByRole('heading', { name: 'gate-1' }), 'a failed reload keeps it')
  cleanup()
  stub?.restore()
  const other = open('/app/devices/details?id=d-2', { 'GET /devices/d-2': () => ({ fail: 'network down' }) })
  assert.is(other.view.queryByRole('heading', { name: 'gate-1' }), null)
})

test('a device found gone is not shown again from what was kept', async () => {
  const first = open('/app/devices/details?id=d-1')
  await waitFor(() => first.view.getByRole('heading', { name: 'gate-1' }))
  cleanup()
  stub?.restore()
  const gone = open('/app/devices/details?id=d-1', { 'GET /devices/d-1': () => ({ status: 404, body: { message: 'Not found' } }) })
  await waitFor(() => gone.view.getByRole('heading', { name: 'Device not found' }))
  cleanup()
  stub?.restore()
  const { view } = open('/app/devices/details?id=d-1', { 'GET /devices/d-1': () => ({ fail: 'network down' }) })
  assert.is(view.queryByRole('heading', { name: 'gate-1' }), null)
})

test("says plainly when the id is unknown or another organization's, with a way back", async () => {
  const { view } = open('/app/devices/details?id=nope')
  await waitFor(() => view.getByRole('heading', { name: 'Device not found' }))
  assert.is(view.getByRole('link', { name: 'Back to the devices' }).getAttribute('href'), '/app/devices')
  assert.equal(stub!.seen('GET /devices/nope').length, 1)
})

test('turns the status online and shows the address, OS and firmware it reported when a device event for it arrives', async () => {
  let current = device
  const { view } = open('/app/devices/details?id=d-1', { 'GET /devices/d-1': () => ({ status: 200, body: current }) })
  await waitFor(() => view.getByRole('heading', { name: 'gate-1' }))
  await waitFor(() => assert.is($live.get().state, 'live'))
  await act(async () => events.send('device', { id: 'd-2', status: 'error', last_seen: new Date().toISOString() }))
  assert.is(stub!.seen('GET /devices/d-1').length, 1, "another device's event asks nothing")
  current = { ...device, status: 'online', ip: '192.0.2.50', os: 'Raspbian GNU/Linux 11 (bullseye)', firmware: '5.15.84-v7l+' }
  await act(async () => events.send('device', { id: 'd-1', status: 'online', last_seen: new Date().toISOString() }))
  await waitFor(() => view.getByText('Online'))
  await waitFor(() => view.getByText('Raspbian GNU/Linux 11 (bullseye)'))
  assert.ok(view.getByText('192.0.2.50'))
  assert.ok(view.getByText('5.15.84-v7l+'))
  assert.is(view.queryByText('Error'), null, "another device's event changes nothing here")
})

test('shows the credential and revokes it after asking; a device without one offers to connect it', async () => {
  const made = new Date(Date.now() - 3_600_000).toISOString()
  const credential = { id: 'c-1', device_id: 'd-1', prefix: 'edc_9z8y7x6w', created_at: made, expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(), last_used_at: made, revoked_at: null }
  const { view } = open('/app/devices/details?id=d-1', {
    'GET /devices/d-1/credential': () => ({ status: 200, body: credential }),
    'POST /devices/d-1/credential/revoke': () => ({ status: 200, body: { ...credential, revoked_at: new Date().toISOString() } }),
  })
  const section = within(await waitFor(() => view.getByRole('region', { name: 'Credential' })))
  await waitFor(() => section.getByText('edc_9z8y7x6w…'))
  assert.ok(section.getByText('Active'))
  assert.ok(section.getByText(/^in (29|30) d$/))
  fireEvent.click(section.getByRole('button', { name: 'Revoke credential' }))
  const confirm = await waitFor(() => view.getByRole('dialog', { name: 'Revoke the credential of gate-1?' }))
  assert.is(stub!.seen('POST /devices/d-1/credential/revoke').length, 0, 'nothing before the confirm')
  fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke credential' }))
  await waitFor(() => section.getByText('Revoked', { selector: 'span' }))
  assert.is(stub!.seen('POST /devices/d-1/credential/revoke').length, 1)
  assert.ok(section.getByRole('button', { name: 'Connect this device' }))
  cleanup()
  stub?.restore()

  const bare = open('/app/devices/details?id=d-1').view
  const none = within(await waitFor(() => bare.getByRole('region', { name: 'Credential' })))
  await waitFor(() => none.getByText(/^No credential/))
  assert.ok(none.getByRole('button', { name: 'Connect this device' }))
})

test('a pending device waits for approval: Approve lets it in, Refuse asks and removes it', async () => {
  let current: Device = { ...device, status: 'pending' }
  const { view } = open('/app/devices/details?id=d-1', {
    'GET /devices/d-1': () => ({ status: 200, body: current }),
    'POST /devices/d-1/approve': () => {
      current = { ...device, status: 'provisioning', version: 4 }
      return { status: 200, body: current }
    },
    'POST /devices/d-1/refuse': () => ({ status: 204 }),
  })
  await waitFor(() => view.getByText('Waiting for approval.'))
  assert.ok(view.getByText('Pending approval'))
  fireEvent.click(view.getByRole('button', { name: 'Refuse' }))
  const confirm = await waitFor(() => view.getByRole('dialog', { name: 'Refuse gate-1?' }))
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
  assert.is(stub!.seen('POST /devices/d-1/refuse').length, 0)
  fireEvent.click(view.getByRole('button', { name: 'Approve' }))
  await waitFor(() => assert.is($notice.get()?.message, 'enrollment.approved'))
  await waitFor(() => assert.is(view.queryByText('Waiting for approval.'), null))
  assert.ok(view.getByText('Provisioning'))
  cleanup()
  stub?.restore()

  current = { ...device, status: 'pending' }
  const again = open('/app/devices/details?id=d-1', {
    'GET /devices/d-1': () => ({ status: 200, body: current }),
    'POST /devices/d-1/refuse': () => ({ status: 204 }),
  })
  await waitFor(() => again.view.getByText('Waiting for approval.'))
  fireEvent.click(again.view.getByRole('button', { name: 'Refuse' }))
  fireEvent.click(within(await waitFor(() => again.view.getByRole('dialog', { name: 'Refuse gate-1?' }))).getByRole('button', { name: 'Refuse' }))
  await waitFor(() => assert.is(again.history.at(-1), '/app/devices'))
  assert.is(stub!.seen('POST /devices/d-1/refuse').length, 1)
})

test('saves an edit with the version it opened at and shows both sides of a conflict', async () => {
  const theirs = { ...device, name: 'gate-1-renamed', location: 'Hall C', version: 4 }
  const { view } = open('/app/devices/details?id=d-1', {
    'PUT /devices/d-1': () => ({ status: 409, body: { message: 'Someone else changed this record since you opened it', current: theirs } }),
  })
  await waitFor(() => view.getByRole('heading', { name: 'gate-1' }))
  fireEvent.click(view.getByRole('button', { name: 'Edit' }))
  const form = await waitFor(() => view.getByRole('dialog', { name: 'Edit gate-1' }))
  fireEvent.change(within(form).getByLabelText('Location'), { target: { value: 'Hall B' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
  const conflict = await waitFor(() => view.getByRole('dialog', { name: 'Someone else changed this' }))
  const put = stub!.seen('PUT /devices/d-1')[0]!
  assert.equal(put.body, { name: 'gate-1', serial: 'SN-0001', model: 'EdgeBox X1', location: 'Hall B', tags: ['north'], version: 3 })
  assert.equal(
    within(conflict)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children).map((cell) => cell.textContent)),
    // Only the field both changed: their new name is taken without a question.
    [['Location', 'Hall B', 'Hall C']],
  )
  fireEvent.click(within(conflict).getByRole('button', { name: 'Take theirs' }))
  await waitFor(() => view.getByRole('heading', { name: 'gate-1-renamed' }))
  assert.is(view.queryByRole('dialog'), null)
  assert.ok(view.getByText('Hall C'))
  assert.is($notice.get(), null, 'nothing was saved')
})

test('deletes after asking, then goes back to the list', async () => {
  const { view, history: visits } = open('/app/devices/details?id=d-1', { 'DELETE /devices/d-1': () => ({ status: 200, body: device }) })
  await waitFor(() => view.getByRole('heading', { name: 'gate-1' }))
  fireEvent.click(view.getByRole('button', { name: 'Delete' }))
  const confirm = await waitFor(() => view.getByRole('dialog', { name: 'Delete this device?' }))
  assert.is(stub!.seen('DELETE /devices/d-1').length, 0)
  fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
  await waitFor(() => assert.is(visits[visits.length - 1], '/app/devices'))
  assert.is($notice.get()?.message, 'devices.deleted')
})

test.run()
