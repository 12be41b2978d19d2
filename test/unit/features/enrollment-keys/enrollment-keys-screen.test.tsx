import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { setToken } from '../../../../src/api/client'
import type { IssuedEnrollmentKey } from '../../../../src/contract/enrollment'
import EnrollmentKeysScreen from '../../../../src/features/enrollment-keys/enrollment-keys-screen'
import { $live } from '../../../../src/stores/live'
import { closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createDevice, createUser } from '../../contract/factories'
import { within } from '../../ui/testing'
import { act, cleanup, fireEvent, page, renderAt, resetSession, waitFor } from '../helpers'
import { eventStream, listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'
import { createEnrollmentKey, daysFromNow } from './factories'

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
  closeNotice()
})

const open = (routes: Record<string, Handler>) => {
  stub = routeFetch({ 'GET /events': () => events.response(), 'GET /devices/': () => listReply([]), ...routes })
  return renderAt(
    '/app/devices/enrollment-keys',
    <Route path="/app" nest>
      <EnrollmentKeysScreen />
    </Route>,
  ).view
}

const rowOf = (name: string) => page().getByText(name).closest('tr') as HTMLElement

test('lists each key with its uses, presets and state in words', async () => {
  const view = open({
    'GET /enrollment_keys/': () =>
      listReply([
        createEnrollmentKey({ name: 'Lobby kiosks', max_uses: 10, uses: 3, tags: ['kiosk'], location: 'Lobby', approve: true }),
        createEnrollmentKey({ name: 'Spare', uses: 1 }),
        createEnrollmentKey({ name: 'Old', expires_at: daysFromNow(-1) }),
        createEnrollmentKey({ name: 'Leaked', revoked_at: daysFromNow(-1) }),
      ]),
  })
  await waitFor(() => view.getByText('Lobby kiosks'))
  const lobby = within(rowOf('Lobby kiosks'))
  assert.ok(lobby.getByText('3 of 10'))
  assert.ok(lobby.getByText('Tags: kiosk'))
  assert.ok(lobby.getByText('Location: Lobby'))
  assert.ok(lobby.getByText('Active'))
  assert.ok(within(rowOf('Spare')).getByText('One-off, used'))
  assert.ok(within(rowOf('Spare')).getByText('Used up'))
  assert.ok(within(rowOf('Old')).getByText('Expired'))
  const leaked = within(rowOf('Leaked'))
  assert.ok(leaked.getByText('Revoked'))
  assert.is(leaked.queryByRole('button', { name: 'Revoke Leaked' }), null)
  assert.ok(lobby.getByRole('button', { name: 'Revoke Lobby kiosks' }))
})

test('issues a key for up to N devices, shows its secret once with both commands, and its devices as they join', async () => {
  const secret = 'enk_1a2b3c4d_Zq9XyW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8bA7zY6'
  const issued: IssuedEnrollmentKey = { ...createEnrollmentKey({ id: 'ek-new', name: 'Pis', max_uses: 5, tags: ['pi', 'lab'] }), secret }
  const joined = createDevice({ id: 'd-9', name: 'pi-9', serial: 'PI-9', status: 'provisioning', enrolled_by: 'ek-new' })
  const other = createDevice({ id: 'd-8', name: 'by hand', serial: 'HAND-8', enrolled_by: null })
  const view = open({
    'GET /enrollment_keys/': () => listReply([]),
    'POST /enrollment_keys/': () => ({ status: 201, body: issued }),
    'GET /devices/d-9': () => ({ status: 200, body: joined }),
    'GET /devices/d-8': () => ({ status: 200, body: other }),
  })
  fireEvent.click(await waitFor(() => view.getAllByRole('button', { name: 'New enrollment key' })[0]!))
  const form = await waitFor(() => view.getByRole('dialog', { name: 'New enrollment key' }))
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Pis' } })
  fireEvent.click(within(form).getByRole('radio', { name: 'Up to a number of devices' }))
  fireEvent.change(within(form).getByLabelText('How many devices'), { target: { value: '5' } })
  fireEvent.change(within(form).getByLabelText('Expires after'), { target: { value: '30' } })
  fireEvent.change(within(form).getByLabelText('Tags, separated by commas'), { target: { value: 'pi, lab' } })
  fireEvent.click(within(form).getByRole('checkbox', { name: 'Approve each device' }))
  fireEvent.click(within(form).getByRole('button', { name: 'Create key' }))

  const dialog = await waitFor(() => view.getByRole('dialog', { name: 'Your new enrollment key “Pis”' }))
  assert.equal(stub!.seen('POST /enrollment_keys/')[0]?.body, {
    name: 'Pis',
    max_uses: 5,
    expires_in_days: 30,
    tags: ['pi', 'lab'],
    location: '',
    model: '',
    approve: true,
    ephemeral: false,
  })
  const shown = within(dialog)
  assert.is((shown.getByLabelText('Secret') as HTMLTextAreaElement).value, secret)
  const node = (shown.getByLabelText('Linux with Node.js 18 or later') as HTMLTextAreaElement).value
  assert.is(node, `curl -fsSL ${location.origin}/agent.mjs -o agent.mjs && node agent.mjs enroll --url ${location.origin} --key ${secret}`)
  const sh = (shown.getByLabelText('Any Linux with sh and curl') as HTMLTextAreaElement).value
  assert.is(sh, `curl -fsSL ${location.origin}/agent.sh | sh -s -- --url ${location.origin} --key ${secret}`)
  assert.ok(shown.getByRole('button', { name: 'Copy the command: Any Linux with sh and curl' }))
  await waitFor(() => shown.getByText('No device has joined with this key yet. They appear here as they do.'))

  await waitFor(() => assert.is($live.get().state, 'live'))
  await act(async () => events.send('change', { collection: 'devices', id: 'd-8', action: 'create', version: 1 }))
  await act(async () => events.send('change', { collection: 'devices', id: 'd-9', action: 'create', version: 1 }))
  await waitFor(() => shown.getByRole('link', { name: 'pi-9' }))
  assert.is(shown.queryByText('by hand'), null, 'a device of no key is not listed')
  assert.ok(shown.getByText('Devices enrolled: 1'))
  await act(async () => events.send('device', { id: 'd-9', status: 'online', last_seen: new Date().toISOString() }))
  await waitFor(() => shown.getByText('Online'))
})

test('revokes a key after asking, and renames one with its version', async () => {
  const key = createEnrollmentKey({ id: 'ek-1', name: 'Lobby', version: 4 })
  const view = open({
    'GET /enrollment_keys/': () => listReply([key]),
    'POST /enrollment_keys/ek-1/revoke': () => ({ status: 200, body: { ...key, revoked_at: new Date().toISOString() } }),
    'PUT /enrollment_keys/ek-1': () => ({ status: 200, body: { ...key, name: 'Lobby 2', version: 5 } }),
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Revoke Lobby' })))
  const confirm = await waitFor(() => view.getByRole('dialog', { name: 'Revoke the key “Lobby”?' }))
  assert.equal(stub!.seen('POST /enrollment_keys/ek-1/revoke').length, 0, 'nothing before the confirm')
  fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke key' }))
  await waitFor(() => assert.is(stub!.seen('POST /enrollment_keys/ek-1/revoke').length, 1))

  fireEvent.click(view.getByRole('button', { name: 'Rename Lobby' }))
  const rename = await waitFor(() => view.getByRole('dialog', { name: 'Rename the key “Lobby”' }))
  fireEvent.change(within(rename).getByLabelText('Name'), { target: { value: 'Lobby 2' } })
  fireEvent.click(within(rename).getByRole('button', { name: 'Save' }))
  await waitFor(() => assert.is(stub!.seen('PUT /enrollment_keys/ek-1').length, 1))
  assert.equal(stub!.seen('PUT /enrollment_keys/ek-1')[0]?.body, { name: 'Lobby 2', version: 4 })
})

test.run()
