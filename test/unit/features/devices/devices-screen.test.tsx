import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { setToken } from '../../../../src/api/client'
import DevicesScreen from '../../../../src/features/devices/devices-screen'
import { $live } from '../../../../src/stores/live'
import { $notice, closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createDevice, createUser } from '../../contract/factories'
import { act, cleanup, fireEvent, renderAt, resetSession, waitFor } from '../helpers'
import { within } from '../../ui/testing'
import { eventStream, listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'

let stub: RouteStub | undefined
// One stream for the file: the live store keeps its connection a moment after a test ends.
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

const fleet = [
  createDevice({ id: 'd-1', name: 'gate-1', status: 'offline', model: 'EdgeBox X1', location: 'Hall A', ip: '10.0.0.21', tags: ['north', 'door'] }),
  createDevice({ id: 'd-2', name: 'kiosk-7', status: 'provisioning', model: 'Kiosk K2', location: '', ip: '', tags: [], last_seen: null }),
]

const open = (path: string, routes: Record<string, Handler> = {}) => {
  stub = routeFetch({ 'GET /devices/': () => listReply(fleet), 'GET /events': () => events.response(), ...routes })
  return renderAt(
    path,
    <Route path="/app" nest>
      <DevicesScreen />
    </Route>,
  )
}

type View = ReturnType<typeof open>['view']

/** Each body row as the words of its cells, after its selection box. */
const rows = (view: View) =>
  view
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('td')).slice(1).map((cell) => cell.textContent))

test('lists the devices of the answer: name, status in words, model, location, IP, last seen, tags', async () => {
  const { view } = open('/app/devices')
  await waitFor(() => view.getByRole('link', { name: 'gate-1' }))
  assert.equal(
    view.getAllByRole('columnheader').map((header) => header.textContent),
    ['', 'Name▲', 'Status', 'Model', 'Location', 'IP address', 'Last seen', 'Tags'],
  )
  // The first column selects rows for bulk actions, each box named after its row.
  assert.ok(view.getByRole('checkbox', { name: 'Select every row on this page' }))
  assert.ok(view.getByRole('checkbox', { name: 'Select gate-1' }))
  const [gate, kiosk] = rows(view)
  assert.equal(gate!.slice(0, 5), ['gate-1', 'Offline', 'EdgeBox X1', 'Hall A', '10.0.0.21'])
  assert.match(gate![5]!, /ago$/)
  assert.is(gate![6], 'northdoor')
  assert.equal(kiosk, ['kiosk-7', 'Provisioning', 'Kiosk K2', '—', '—', 'never', ''])
  assert.is(view.getByRole('link', { name: 'gate-1' }).getAttribute('href'), '/app/devices/details?id=d-1')
  assert.match(stub!.seen('GET /devices/')[0]!.url, /sort=name&order=asc&page=1&per_page=10$/)
})

test('writes the chosen status into the address and asks the server for it', async () => {
  const { view, history } = open('/app/devices')
  await waitFor(() => view.getByRole('link', { name: 'gate-1' }))
  const filter = view.getByRole('group', { name: 'Status' })
  assert.is(view.getByRole('button', { name: 'All' }).getAttribute('aria-pressed'), 'true')
  fireEvent.click(view.getByRole('button', { name: 'Offline' }))
  await waitFor(() => assert.is(stub?.seen('GET /devices/').length, 2))
  assert.is(history[history.length - 1], '/app/devices?status=offline')
  assert.match(decodeURIComponent(stub!.seen('GET /devices/')[1]!.url), /[?&]filter\[status\]=offline/)
  assert.is(view.getByRole('button', { name: 'Offline' }).getAttribute('aria-pressed'), 'true')
  assert.ok(filter.contains(view.getByRole('button', { name: 'Offline' })))
  fireEvent.click(view.getByRole('button', { name: 'All' }))
  await waitFor(() => assert.is(history[history.length - 1], '/app/devices'))
})

test('starts from the status in the address, as a link from elsewhere gives it', async () => {
  const { view } = open('/app/devices?status=error', { 'GET /devices/': () => listReply([]) })
  await waitFor(() => view.getByText('No device is Error right now.'))
  assert.match(decodeURIComponent(stub!.seen('GET /devices/')[0]!.url), /[?&]filter\[status\]=error/)
  assert.is(view.getByRole('button', { name: 'Error' }).getAttribute('aria-pressed'), 'true')
})

test('turns a row online when its device event arrives, without asking the server again', async () => {
  const { view } = open('/app/devices')
  await waitFor(() => view.getByRole('link', { name: 'gate-1' }))
  // The stream may still be open from the test before: wait for it to be live, however it came.
  await waitFor(() => assert.is($live.get().state, 'live'))
  assert.is(rows(view)[0]![1], 'Offline')
  const now = new Date().toISOString()
  await act(async () => events.send('device', { id: 'd-1', status: 'online', last_seen: now }))
  await waitFor(() => assert.is(rows(view)[0]![1], 'Online'))
  assert.is(rows(view)[0]![5], 'just now')
  assert.is(rows(view)[1]![1], 'Provisioning', 'other rows stay as they were')
  assert.is(stub!.seen('GET /devices/').length, 1)
})

test('adds a device from the dialog, with its tags split at commas, and says so', async () => {
  const { view } = open('/app/devices', { 'POST /devices/': ({ body }) => ({ status: 201, body: createDevice({ ...(body as object), id: 'd-9', status: 'provisioning' }) }) })
  await waitFor(() => view.getByRole('link', { name: 'gate-1' }))
  fireEvent.click(view.getAllByRole('button', { name: 'Add device' })[0]!)
  const dialog = await waitFor(() => view.getByRole('dialog', { name: 'Add a device' }))
  fireEvent.change(view.getByLabelText('Name'), { target: { value: 'lobby-3' } })
  fireEvent.change(view.getByLabelText('Serial number'), { target: { value: 'SN-0042' } })
  fireEvent.change(view.getByLabelText('Model'), { target: { value: 'Kiosk K2' } })
  fireEvent.change(view.getByLabelText('Tags, separated by commas'), { target: { value: 'lobby, kiosk, , lobby' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add device' }))
  await waitFor(() => assert.is($notice.get()?.message, 'devices.created'))
  assert.equal(stub!.seen('POST /devices/')[0]!.body, { name: 'lobby-3', serial: 'SN-0042', model: 'Kiosk K2', location: '', tags: ['lobby', 'kiosk'] })
  // The form gives way to its last step, connecting the device.
  await waitFor(() => view.getByRole('dialog', { name: 'Connect lobby-3' }))
  assert.is(view.queryByRole('dialog', { name: 'Add a device' }), null)
})

test('ends Add device with the commands that connect it, then turns to Connected with its readings live', async () => {
  const secret = 'enk_1a2b3c4d_Zq9XyW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8bA7zY6'
  const added = createDevice({ id: 'd-9', name: "Bob's kiosk", serial: 'SN-0042', status: 'provisioning', ip: '', firmware: '', os: '' })
  let reported = added
  let credential: object | null = null
  const { view } = open('/app/devices', {
    'POST /devices/': () => ({ status: 201, body: added }),
    'POST /enrollment_keys/': ({ body }) => ({ status: 201, body: { ...(body as object), id: 'ek-1', prefix: 'enk_1a2b3c4d', uses: 0, secret } }),
    'GET /devices/d-9': () => ({ status: 200, body: reported }),
    'GET /devices/d-9/credential': () => ({ status: 200, body: credential }),
  })
  await waitFor(() => view.getByRole('link', { name: 'gate-1' }))
  fireEvent.click(view.getAllByRole('button', { name: 'Add device' })[0]!)
  const form = await waitFor(() => view.getByRole('dialog', { name: 'Add a device' }))
  fireEvent.change(view.getByLabelText('Name'), { target: { value: "Bob's kiosk" } })
  fireEvent.change(view.getByLabelText('Serial number'), { target: { value: 'SN-0042' } })
  fireEvent.change(view.getByLabelText('Model'), { target: { value: 'Kiosk K2' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Add device' }))

  const connect = within(await waitFor(() => view.getByRole('dialog', { name: "Connect Bob's kiosk" })))
  const node = (await waitFor(() => connect.getByLabelText('Linux with Node.js 18 or later'))) as HTMLTextAreaElement
  assert.equal(stub!.seen('POST /enrollment_keys/').map((request) => request.body), [
    { name: "Connect Bob's kiosk", max_uses: 1, expires_in_days: 1, tags: [], location: '', model: '', approve: false, ephemeral: false },
  ])
  const tail = ` --key ${secret} --serial SN-0042 --name 'Bob'\\''s kiosk'`
  assert.ok(node.value.endsWith(tail), node.value)
  assert.ok((connect.getByLabelText('Any Linux with sh and curl') as HTMLTextAreaElement).value.endsWith(tail))
  assert.ok(connect.getByText('Waiting for the first heartbeat…'))

  await waitFor(() => assert.is($live.get().state, 'live'))
  // Online before it enrolled (an organization's key) is not yet connected.
  reported = { ...added, status: 'online' }
  await act(async () => events.send('device', { id: 'd-9', status: 'online', last_seen: new Date().toISOString() }))
  await waitFor(() => assert.ok(stub!.seen('GET /devices/d-9/credential').length >= 2))
  assert.ok(connect.getByText('Waiting for the first heartbeat…'))
  reported = { ...added, status: 'online', ip: '192.0.2.9', os: 'Debian GNU/Linux 12 (bookworm)', firmware: '6.1.0-rpi7' }
  credential = { id: 'c-1', device_id: 'd-9', prefix: 'edc_1a2b3c4d', created_at: new Date().toISOString(), expires_at: new Date().toISOString(), last_used_at: null, revoked_at: null }
  await act(async () => events.send('device', { id: 'd-9', status: 'online', last_seen: new Date().toISOString() }))
  await waitFor(() => connect.getByText('Connected: the device sent its first heartbeat.'))
  assert.ok(connect.getByText('192.0.2.9'))
  assert.ok(connect.getByText('Debian GNU/Linux 12 (bookworm)'))
  assert.ok(connect.getByText('6.1.0-rpi7'))
  assert.is(connect.queryByText('Waiting for the first heartbeat…'), null)
  fireEvent.click(connect.getAllByRole('button', { name: 'Done' }).at(-1)!)
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.is(stub!.seen('POST /enrollment_keys/').length, 1, 'one key for the dialog')
})

test.run()
