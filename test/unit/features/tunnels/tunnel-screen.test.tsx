import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { setToken } from '../../../../src/api/client'
import TunnelScreen from '../../../../src/features/tunnels/tunnel-screen'
import { $live } from '../../../../src/stores/live'
import { closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { within } from '../../ui/testing'
import { act, cleanup, fireEvent, renderAt, resetSession, waitFor } from '../helpers'
import { eventStream, routeFetch, type Handler, type RouteStub } from '../route-stub'
import { createRequest, createTunnel } from './factories'

let stub: RouteStub | undefined
// One stream for the file: the live store keeps its connection a moment after a test ends.
const events = eventStream()
const openWindow = window.open

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
  window.open = openWindow
})

const web = createTunnel({ id: 't-web', name: 'Admin page', protocol: 'http', local_port: 8080, device_name: 'Gateway' })
const ssh = createTunnel({ id: 't-ssh', name: 'Shell', protocol: 'tcp', local_port: 22 })

const open = (id: string, routes: Record<string, Handler>) => {
  stub = routeFetch({ 'GET /events': () => events.response(), ...routes })
  return renderAt(
    `/app/tunnels/details?id=${id}`,
    <Route path="/app" nest>
      <Route path="/tunnels/details">
        <TunnelScreen />
      </Route>
    </Route>,
  ).view
}

/** The cells of the inspector's rows, as text. */
const cells = (view: ReturnType<typeof open>) =>
  within(view.getByRole('region', { name: /Requests|Connections/ }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.replace(/[\u2066\u2069]/g, '').replace(/\u00a0/g, ' ')))

test('shows an HTTP tunnel and opens it in a new tab with the address the console gives', async () => {
  const tab = { opener: {} as unknown, location: { href: '' }, close: () => assert.unreachable('the tab is used') }
  const asked: unknown[][] = []
  window.open = ((...args: unknown[]) => (asked.push(args), tab)) as typeof window.open
  const view = open('t-web', {
    'GET /tunnels/t-web': () => ({ status: 200, body: web }),
    'GET /tunnels/t-web/requests': () => ({ status: 200, body: [] }),
    'POST /tunnels/t-web/open': () => ({ status: 200, body: { url: '/t/t-web/?ticket=secret-1' } }),
  })
  await waitFor(() => view.getByRole('heading', { name: 'Admin page' }))
  assert.is(view.getByRole('link', { name: 'Gateway' }).getAttribute('href'), '/app/devices/details?id=d-1')
  assert.ok(view.getByText('127.0.0.1:8080'))
  assert.ok(view.getByText('Up'))
  assert.ok(await waitFor(() => view.getByText('No requests yet. Open the tunnel to see them here.')))

  fireEvent.click(view.getByRole('button', { name: 'Open' }))
  // The tab opens at the click, before the answer: no popup blocker stands in the way.
  assert.equal(asked, [['', '_blank']])
  await waitFor(() => assert.is(tab.location.href, '/t/t-web/?ticket=secret-1'))
  assert.is(tab.opener, null)
  assert.is(stub!.seen('POST /tunnels/t-web/open').length, 1)
})

test('cannot open a tunnel that is down, and says why', async () => {
  const view = open('t-web', {
    'GET /tunnels/t-web': () => ({ status: 200, body: { ...web, status: 'down' } }),
    'GET /tunnels/t-web/requests': () => ({ status: 200, body: [] }),
  })
  const button = await waitFor(() => view.getByRole('button', { name: 'Open' }))
  assert.ok((button as HTMLButtonElement).disabled)
  assert.is(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent, "The tunnel is down: its device's agent is not connected")
})

test('the inspector lists the requests, prepends this tunnel\'s new ones live, and loads older ones', async () => {
  const page = Array.from({ length: 50 }, (_, index) => createRequest({ id: `r-${100 - index}`, path: `/p/${100 - index}`, at: new Date(Date.now() - index * 1000).toISOString() }))
  page[1] = { ...page[1]!, status: 502, error: 'connection refused by 127.0.0.1:8080', bytes_out: 0 }
  const older = [createRequest({ id: 'r-50', method: 'POST', path: '/old?x=1', status: 404, duration_ms: 2500, bytes_in: 2_000_000 })]
  const view = open('t-web', {
    'GET /tunnels/t-web': () => ({ status: 200, body: web }),
    'GET /tunnels/t-web/requests': ({ query }) => ({ status: 200, body: query.get('before') === 'r-51' ? older : page }),
  })
  await waitFor(() => assert.is(cells(view).length, 50))
  assert.equal(cells(view)[0]!.slice(1), ['GET', '/p/100', '200', '12 ms', '300 B', '1.5 kB'])
  assert.equal(cells(view)[1]!.slice(1, 3), ['GET', '/p/99'])
  assert.is(cells(view)[1]![3], '502connection refused by 127.0.0.1:8080')
  assert.is(stub!.seen('GET /tunnels/t-web/requests')[0]!.url.includes('limit=50'), true)
  await waitFor(() => assert.is($live.get().state, 'live'))

  const fresh = createRequest({ id: 'r-101', method: 'PUT', path: '/api/config' })
  await act(async () => events.send('tunnel', { tunnel: 't-other', request: createRequest({ id: 'r-x', path: '/elsewhere' }) }))
  await act(async () => events.send('tunnel', { tunnel: 't-web', request: fresh }))
  await waitFor(() => assert.equal(cells(view)[0]!.slice(1, 3), ['PUT', '/api/config']))
  assert.is(cells(view).length, 51)
  assert.is(view.queryByText('/elsewhere'), null)
  assert.is(view.getByText('New requests: 1').getAttribute('aria-live'), 'polite')

  fireEvent.click(view.getByRole('button', { name: 'Load older' }))
  await waitFor(() => assert.is(cells(view).length, 52))
  assert.equal(cells(view)[51]!.slice(1), ['POST', '/old?x=1', '404', '2.5 s', '2 MB', '1.5 kB'])
  // Fewer than a page came: there is nothing older.
  assert.is(view.queryByRole('button', { name: 'Load older' }), null)
})

test('a TCP tunnel shows the commands that reach it and its connections without method or path', async () => {
  const view = open('t-ssh', {
    'GET /tunnels/t-ssh': () => ({ status: 200, body: ssh }),
    'GET /tunnels/t-ssh/requests': () => ({ status: 200, body: [createRequest({ kind: 'tcp', method: '', path: '', status: 0, duration_ms: 65_000, bytes_in: 4200, bytes_out: 98_000 })] }),
  })
  const agent = (await waitFor(() => view.getByLabelText(/^On your computer/))) as HTMLTextAreaElement
  assert.is(agent.value, `node agent.mjs connect t-ssh --url ${location.origin} --key <your access key> --listen 127.0.0.1:2222`)
  assert.is((view.getByLabelText('Then, in another terminal') as HTMLTextAreaElement).value, 'ssh -p 2222 <user>@127.0.0.1')
  assert.is(view.getByRole('link', { name: 'Make an access key' }).getAttribute('href'), '/app/access_keys?new=1')
  assert.is(view.queryByRole('button', { name: 'Open' }), null)
  await waitFor(() => assert.is(cells(view).length, 1))
  const headers = within(view.getByRole('region', { name: 'Connections' })).getAllByRole('columnheader').map((cell) => cell.textContent)
  assert.equal(headers, ['Time', 'Status', 'Duration', 'In', 'Out'])
  assert.equal(cells(view)[0]!.slice(1), ['Closed', '65 s', '4.2 kB', '98 kB'])
})

test.run()
