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

test('recomputes the status of the tunnels of a device when its event arrives', async () => {
  const events = eventStream()
  const rows = [
    createTunnel({ name: 'Camera', device_id: 'd-1', enabled: true, status: 'up' }),
    createTunnel({ name: 'Shell', device_id: 'd-1', enabled: false, status: 'down' }),
    createTunnel({ name: 'Dashboard', device_id: 'd-2', device_name: 'Sensor', enabled: true, status: 'up' }),
  ]
  const { view } = open('/app/tunnels', { 'GET /tunnels/': () => listReply(rows), 'GET /events': () => events.response() })
  await waitFor(() => view.getByText('Camera'))
  await waitFor(() => assert.is(stub?.seen('GET /events').length, 1))
  assert.equal(statuses(view), { Camera: 'Up', Shell: 'Down', Dashboard: 'Up' })

  await act(async () => events.send('device', { id: 'd-1', status: 'offline', last_seen: null }))
  await waitFor(() => assert.equal(statuses(view), { Camera: 'Down', Shell: 'Down', Dashboard: 'Up' }))

  await act(async () => events.send('device', { id: 'd-1', status: 'online', last_seen: null }))
  await waitFor(() => assert.equal(statuses(view), { Camera: 'Up', Shell: 'Down', Dashboard: 'Up' }))
  assert.is(stub?.seen('GET /tunnels/').length, 1, 'a device event patches rows without asking the server')
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
  assert.equal(put?.body, { name: 'Camera', device_id: 'd-1', protocol: 'tcp', local_port: 22, enabled: false, version: 4 })
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
