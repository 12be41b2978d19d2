import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { setToken } from '../../../../src/api/client'
import type { MetricRange } from '../../../../src/contract/metrics'
import NetworkScreen from '../../../../src/features/network/network-screen'
import { $live } from '../../../../src/stores/live'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { act, cleanup, fireEvent, renderAt, resetSession, waitFor } from '../helpers'
import { eventStream, routeFetch, type Handler, type RouteStub } from '../route-stub'
import { createNetworkMetrics } from './metrics-factories'

const { configure } = await import('@testing-library/react')
configure({ asyncUtilTimeout: 3000 })

let stub: RouteStub | undefined
// One stream for the file: the live store keeps its connection a moment after a test ends.
const events = eventStream()

test.before.each(() => {
  resetSession()
  setToken('token-1')
  const user = createUser({ rights: ['network'] })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
})
test.after.each(() => {
  cleanup()
  stub?.restore()
})

const open = (path: string, network: Handler = ({ query }) => ({ status: 200, body: createNetworkMetrics((query.get('range') ?? '24h') as MetricRange) })) => {
  stub = routeFetch({ 'GET /metrics/network': network, 'GET /events': () => events.response() })
  return renderAt(
    path,
    <Route path="/app" nest>
      <Route path="/network">
        <NetworkScreen />
      </Route>
    </Route>,
  )
}

const captions = () => [...document.querySelectorAll('[data-chart-caption]')].map((caption) => caption.textContent ?? '')

test('shows the fleet by status in numbers, and each chart with a caption of its latest values', async () => {
  const { view } = open('/app/network')
  await waitFor(() => view.getByText('10 devices'))
  for (const line of ['Online: 6 (60%)', 'Error: 1 (10%)', 'Provisioning: 1 (10%)', 'Offline: 2 (20%)']) assert.ok(view.getByText(line), line)
  assert.ok(view.getByRole('heading', { name: 'Devices online' }))
  assert.ok(view.getByRole('heading', { name: 'Heartbeat latency' }))
  const [online, latency] = captions()
  assert.match(online!, /^288 points from .+ to .+, one every 5 min\. Latest, .+: Online 3\.$/)
  // The last step has no latency: the caption reads the step before it.
  assert.match(latency!, /Latest, .+: Median \(p50\) 21 ms, 95th percentile \(p95\) 86 ms\.$/)
  assert.match(stub!.seen('GET /metrics/network')[0]!.url, /range=24h/)
  // Each chart and the breakdown say how old their data is.
  const ages = [...document.querySelectorAll('span')].filter((span) => span.textContent === 'Data from just now')
  assert.is(ages.length, 3)
})

test('switches the range in the address and reads the metrics of that range', async () => {
  const { view, history } = open('/app/network')
  await waitFor(() => view.getByText('10 devices'))
  const hour = view.getByRole('button', { name: '1 hour' })
  assert.is(view.getByRole('button', { name: '24 hours' }).getAttribute('aria-pressed'), 'true')
  fireEvent.click(hour)
  await waitFor(() => assert.match(captions()[0]!, /^60 points .+ one every 1 min\./))
  assert.is(history[history.length - 1], '/app/network?range=1h')
  assert.is(hour.getAttribute('aria-pressed'), 'true')
  assert.match(stub!.seen('GET /metrics/network')[1]!.url, /range=1h/)
  fireEvent.click(view.getByRole('button', { name: '7 days' }))
  await waitFor(() => assert.match(captions()[0]!, /^168 points .+ one every 1 h\./))
  assert.is(history[history.length - 1], '/app/network?range=7d')
})

test('opens on the range of the address, and shows every point as a table on request', async () => {
  const { view } = open('/app/network?range=1h')
  await waitFor(() => view.getByText('10 devices'))
  assert.match(stub!.seen('GET /metrics/network')[0]!.url, /range=1h/)
  const [toggle] = view.getAllByRole('button', { name: 'Show as table' })
  fireEvent.click(toggle!)
  const table = view.getByRole('table', { name: 'Devices online' })
  const rows = table.querySelectorAll('tbody tr')
  assert.is(rows.length, 60)
  // Newest first: the last step's value, 60 % 5 + 1 -> step 59 has (59 % 5) + 1 = 5.
  assert.is(rows[0]!.querySelector('td')!.textContent, '5')
  assert.is(toggle!.getAttribute('aria-expanded'), 'true')
  fireEvent.click(view.getByRole('button', { name: 'Hide table' }))
  assert.is(view.queryByRole('table', { name: 'Devices online' }), null)
})

test('reads the metrics again when the events stream says events were missed', async () => {
  let n = 0
  const { view } = open('/app/network', () => {
    n += 1
    return { status: 200, body: createNetworkMetrics('24h', { status: { online: n, offline: 0, provisioning: 0, error: 0, pending: 0 } }) }
  })
  await waitFor(() => view.getByText('1 devices'))
  // The stream may still be open from the test before: wait for it to be live, however it came.
  await waitFor(() => assert.is($live.get().state, 'live'))
  await act(async () => events.send('reset', {}))
  await waitFor(() => view.getByText('2 devices'))
})

test('tells a failed load with its message and a way to try again', async () => {
  let fail = true
  const { view } = open('/app/network', () =>
    fail ? { status: 403, body: { message: 'You do not have the right to do this' } } : { status: 200, body: createNetworkMetrics() },
  )
  const alert = await waitFor(() => view.getByRole('alert'))
  assert.match(alert.textContent ?? '', /right/)
  fail = false
  fireEvent.click(view.getByRole('button', { name: 'Try again' }))
  await waitFor(() => view.getByText('10 devices'))
  assert.is(view.queryByRole('alert'), null)
})

test.run()
