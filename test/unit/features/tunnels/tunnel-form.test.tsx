import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import TunnelsScreen from '../../../../src/features/tunnels/tunnels-screen'
import { closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { within } from '../../ui/testing'
import { cleanup, fireEvent, renderAt, resetSession, waitFor } from '../helpers'
import { listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'
import { createTunnel } from './factories'

let stub: RouteStub | undefined

test.before.each(() => {
  resetSession()
  const user = createUser({ rights: ['tunnels', 'devices'] })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  closeNotice()
})

const devices = [
  { id: 'd-1', name: 'Gateway' },
  { id: 'd-2', name: 'Sensor' },
]

const open = (routes: Record<string, Handler>) => {
  stub = routeFetch({ 'GET /devices/': () => listReply(devices), ...routes })
  return renderAt(
    '/app/tunnels',
    <Route path="/app" nest>
      <TunnelsScreen />
    </Route>,
  ).view
}

test('creates an HTTP tunnel on the chosen device and refuses a port out of range first', async () => {
  const view = open({ 'GET /tunnels/': () => listReply([]), 'POST /tunnels/': ({ body }) => ({ status: 201, body: createTunnel(body as object) }) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New tunnel' })))
  const dialog = within(await view.findByRole('dialog', { name: 'New tunnel' }))
  await waitFor(() => dialog.getByRole('option', { name: 'Sensor' }))
  // A new tunnel is HTTP to the device itself unless told otherwise.
  assert.ok((dialog.getByRole('radio', { name: /^HTTP/ }) as HTMLInputElement).checked)
  assert.is((dialog.getByLabelText('Target host') as HTMLInputElement).value, '127.0.0.1')
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Web' } })
  fireEvent.change(dialog.getByLabelText('Device'), { target: { value: 'd-2' } })
  fireEvent.change(dialog.getByLabelText('Port'), { target: { value: '70000' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Create' }))
  assert.ok(dialog.getByText('Out of range'))
  assert.is(stub!.seen('POST /tunnels/').length, 0)
  fireEvent.change(dialog.getByLabelText('Port'), { target: { value: '8080' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Create' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.equal(stub!.seen('POST /tunnels/')[0]?.body, { name: 'Web', device_id: 'd-2', protocol: 'http', target_host: '127.0.0.1', local_port: 8080, enabled: true })
})

test('switches to TCP, each protocol saying what it is for, and sends a host of the device\'s network', async () => {
  const view = open({ 'GET /tunnels/': () => listReply([]), 'POST /tunnels/': ({ body }) => ({ status: 201, body: createTunnel(body as object) }) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New tunnel' })))
  const dialog = within(await view.findByRole('dialog', { name: 'New tunnel' }))
  const tcp = dialog.getByRole('radio', { name: /^TCP/ }) as HTMLInputElement
  assert.ok(dialog.getByText('A web page or API on the device, opened in the browser'))
  assert.is(tcp.getAttribute('aria-describedby') && document.getElementById(tcp.getAttribute('aria-describedby')!)?.textContent, 'SSH or any TCP service, through the agent on your computer')
  fireEvent.click(tcp)
  assert.ok(tcp.checked)
  assert.not.ok((dialog.getByRole('radio', { name: /^HTTP/ }) as HTMLInputElement).checked)
  assert.ok(dialog.getByText("The device's agent connects to this host and to nothing else"))
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Shell' } })
  fireEvent.change(dialog.getByLabelText('Device'), { target: { value: 'd-1' } })
  fireEvent.change(dialog.getByLabelText('Target host'), { target: { value: 'camera.lan' } })
  fireEvent.change(dialog.getByLabelText('Port'), { target: { value: '22' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Create' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.equal(stub!.seen('POST /tunnels/')[0]?.body, { name: 'Shell', device_id: 'd-1', protocol: 'tcp', target_host: 'camera.lan', local_port: 22, enabled: true })
})

test('refuses a target host with a port, a scheme or nothing in it, in words', async () => {
  const view = open({ 'GET /tunnels/': () => listReply([]), 'POST /tunnels/': ({ body }) => ({ status: 201, body: createTunnel(body as object) }) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New tunnel' })))
  const dialog = within(await view.findByRole('dialog', { name: 'New tunnel' }))
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Web' } })
  fireEvent.change(dialog.getByLabelText('Device'), { target: { value: 'd-1' } })
  fireEvent.change(dialog.getByLabelText('Port'), { target: { value: '80' } })
  const host = dialog.getByLabelText('Target host') as HTMLInputElement
  for (const [value, message] of [
    ['camera.lan:8080', 'Enter a host name or an IP address, without a port or a scheme'],
    ['http://camera.lan', 'Enter a host name or an IP address, without a port or a scheme'],
    ['', 'Required'],
  ] as const) {
    fireEvent.change(host, { target: { value } })
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }))
    assert.ok(dialog.getByText(message), value)
    assert.is(host.getAttribute('aria-invalid'), 'true')
  }
  assert.is(stub!.seen('POST /tunnels/').length, 0)
  fireEvent.change(host, { target: { value: 'fd00::12' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Create' }))
  await waitFor(() => assert.is(stub!.seen('POST /tunnels/').length, 1))
  assert.is((stub!.seen('POST /tunnels/')[0]?.body as { target_host: string }).target_host, 'fd00::12')
})

test('shows both sides when a save meets a newer version, and takes theirs on request', async () => {
  const tunnel = createTunnel({ name: 'Camera', version: 4 })
  const theirs = { ...tunnel, name: 'Camera feed', device_id: 'd-2', device_name: 'Sensor', version: 5 }
  const view = open({
    'GET /tunnels/': () => listReply([tunnel]),
    [`PUT /tunnels/${tunnel.id}`]: ({ body }) =>
      (body as { version: number }).version === 4 ? { status: 409, body: { message: 'Changed meanwhile', current: theirs } } : { status: 200, body: { ...theirs, version: 6 } },
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Edit Camera' })))
  const form = within(await view.findByRole('dialog', { name: 'Edit the tunnel “Camera”' }))
  fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Camera 2' } })
  fireEvent.click(form.getByRole('button', { name: 'Save' }))

  const conflict = await waitFor(() => view.getByRole('dialog', { name: 'Someone else changed this' }))
  const rows = within(conflict).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent))
  // Only the field both changed: their device is taken without a question.
  assert.equal(rows, [['Name', 'Camera 2', 'Camera feed']])
  fireEvent.click(within(conflict).getByRole('button', { name: 'Take theirs' }))
  await waitFor(() => assert.is((form.getByLabelText('Name') as HTMLInputElement).value, 'Camera feed'))
  fireEvent.click(form.getByRole('button', { name: 'Save' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.equal(
    stub!.seen(`PUT /tunnels/${tunnel.id}`).map((request) => (request.body as { version: number }).version),
    [4, 5],
  )
})

test.run()
