import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { setToken } from '../../../../src/api/client'
import TunnelsScreen from '../../../../src/features/tunnels/tunnels-screen'
import { $notice, closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { act, cleanup, fireEvent, renderAt, resetSession, waitFor } from '../helpers'
import { eventStream, listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'
import { within } from '../../ui/testing'
import { createTunnel } from './factories'

let stub: RouteStub | undefined

test.before.each(() => {
  resetSession()
  setToken('token-1')
  const user = createUser({ rights: ['tunnels', 'devices'] })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  closeNotice()
})

const open = (path: string, routes: Record<string, Handler>) => {
  stub = routeFetch(routes)
  return renderAt(
    path,
    <Route path="/app" nest>
      <TunnelsScreen />
    </Route>,
  )
}

/** The status words of each row, by tunnel name. */
const statuses = (view: ReturnType<typeof open>['view']) =>
  Object.fromEntries(
    view
      .getAllByRole('row')
      .slice(1)
      // The first cell is the row's selection box.
      .map((row) => [row.querySelectorAll('td')[1]?.textContent, row.querySelectorAll('td')[6]?.textContent]),
  )

test('reads the list again when a tunnel changes, so a link coming or going shows at once', async () => {
  const events = eventStream()
  let camera = createTunnel({ name: 'Camera', device_id: 'd-1', status: 'down' })
  const shell = createTunnel({ name: 'Shell', device_id: 'd-1', enabled: false, status: 'down' })
  const { view } = open('/app/tunnels', { 'GET /tunnels/': () => listReply([camera, shell]), 'GET /events': () => events.response() })
  await waitFor(() => view.getByText('Camera'))
  await waitFor(() => assert.is(stub?.seen('GET /events').length, 1))
  assert.equal(statuses(view), { Camera: 'Down', Shell: 'Down' })

  // The device's agent connects: the console announces a change of each of its tunnels.
  camera = { ...camera, status: 'up', version: camera.version + 1 }
  await act(async () => events.send('change', { collection: 'tunnels', id: camera.id, action: 'update', version: camera.version }))
  await waitFor(() => assert.equal(statuses(view), { Camera: 'Up', Shell: 'Down' }))
  // A heartbeat says nothing of the link: it leaves the rows alone.
  await act(async () => events.send('device', { id: 'd-1', status: 'offline', last_seen: null }))
  await new Promise((resolve) => setTimeout(resolve, 50))
  assert.equal(statuses(view), { Camera: 'Up', Shell: 'Down' })
})

test('shows an HTTP tunnel\'s full address to copy, a TCP one as reached through the agent, and links each to its page', async () => {
  const web = createTunnel({ id: 't-web', name: 'Web', protocol: 'http', local_port: 8080 })
  const ssh = createTunnel({ id: 't-ssh', name: 'Shell', protocol: 'tcp', target_host: 'fd00::12' })
  const { view } = open('/app/tunnels', { 'GET /tunnels/': () => listReply([web, ssh]) })
  const webTr = (await waitFor(() => view.getByText('Web'))).closest('tr')!
  const webRow = within(webTr)
  assert.is(webTr.querySelector('code')?.textContent, `${location.origin}/t/t-web/`)
  assert.ok(webRow.getByRole('button', { name: 'Copy the address of Web' }))
  assert.is(webRow.getByRole('link', { name: 'Web' }).getAttribute('href'), '/app/tunnels/details?id=t-web')
  assert.ok(webRow.getByText('127.0.0.1:8080'))
  const sshRow = within(view.getByText('Shell').closest('tr')!)
  assert.ok(sshRow.getByText('TCP via agent'))
  assert.is(sshRow.queryByRole('button', { name: /^Copy/ }), null)
  assert.ok(sshRow.getByText('[fd00::12]:22'))
})

test('narrows the list to the device in the address and clears it with the chip', async () => {
  const { view, history } = open('/app/tunnels?device_id=d-2', {
    'GET /tunnels/': ({ query }) => listReply(query.get('filter[device_id]') === 'd-2' ? [createTunnel({ name: 'Dashboard', device_id: 'd-2', device_name: 'Sensor' })] : []),
  })
  await waitFor(() => view.getByText('Device: Sensor'))
  assert.match(decodeURIComponent(stub!.seen('GET /tunnels/')[0]!.url), /filter\[device_id\]=d-2/)
  fireEvent.click(view.getByRole('button', { name: 'Show the tunnels of every device, not only Sensor' }))
  await waitFor(() => assert.is(stub?.seen('GET /tunnels/').length, 2))
  assert.not.match(stub!.seen('GET /tunnels/')[1]!.url, /device_id/)
  assert.is(history.at(-1), '/app/tunnels')
  assert.is(view.queryByText(/^Device:/), null)
})

test('disables a tunnel with the version of its row, and reloads and says so on a conflict', async () => {
  const tunnel = createTunnel({ name: 'Camera', version: 4 })
  const { view } = open('/app/tunnels', {
    'GET /tunnels/': () => listReply([tunnel]),
    [`PUT /tunnels/${tunnel.id}`]: () => ({ status: 409, body: { message: 'Changed meanwhile', current: { ...tunnel, version: 5 } } }),
  })
  const toggle = await waitFor(() => view.getByRole('switch', { name: 'Camera enabled' }))
  assert.ok((toggle as HTMLInputElement).checked)
  fireEvent.click(toggle)
  await waitFor(() => assert.is($notice.get()?.message, 'tunnels.changed'))
  const [put] = stub!.seen(`PUT /tunnels/${tunnel.id}`)
  assert.equal(put?.body, { name: 'Camera', device_id: 'd-1', protocol: 'tcp', target_host: '127.0.0.1', local_port: 22, enabled: false, version: 4 })
  await waitFor(() => assert.is(stub?.seen('GET /tunnels/').length, 2))
  assert.ok((view.getByRole('switch', { name: 'Camera enabled' }) as HTMLInputElement).checked)
})


test('a link with ?new=1 opens the new tunnel form on the device of the address, once', async () => {
  const device = { id: 'd-4', name: 'Gate 4', serial: 'SN-4', status: 'online' }
  const { view, history } = open('/app/tunnels?device_id=d-4&new=1', {
    'GET /tunnels/': () => listReply([]),
    'GET /devices/': () => listReply([device]),
    'GET /devices/d-4': () => ({ status: 200, body: device }),
  })
  await waitFor(() => view.getByRole('dialog', { name: 'New tunnel' }))
  await waitFor(() => assert.is(history[history.length - 1], '/app/tunnels?device_id=d-4'), { timeout: 1000 })
})

test.run()
