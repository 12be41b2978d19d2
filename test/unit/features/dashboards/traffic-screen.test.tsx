import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { setToken } from '../../../../src/api/client'
import type { MetricRange } from '../../../../src/contract/metrics'
import TrafficScreen from '../../../../src/features/traffic/traffic-screen'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { cleanup, fireEvent, renderAt, resetSession, waitFor } from '../helpers'
import { eventStream, routeFetch, type RouteStub } from '../route-stub'
import { createTrafficMetrics } from './metrics-factories'

const { configure } = await import('@testing-library/react')
configure({ asyncUtilTimeout: 3000 })

let stub: RouteStub | undefined
// One stream for the file: the live store keeps its connection a moment after a test ends.
const events = eventStream()

test.before.each(() => {
  resetSession()
  setToken('token-1')
  const user = createUser({ rights: ['traffic'] })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
})
test.after.each(() => {
  cleanup()
  stub?.restore()
})

const open = (path: string) => {
  stub = routeFetch({
    'GET /metrics/traffic': ({ query }) => ({ status: 200, body: createTrafficMetrics((query.get('range') ?? '24h') as MetricRange) }),
    'GET /events': () => events.response(),
  })
  return renderAt(
    path,
    <Route path="/app" nest>
      <Route path="/traffic">
        <TrafficScreen />
      </Route>
    </Route>,
  )
}

/** Without the isolation marks and with plain spaces, as a reader sees it. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s/g, ' ')

test('charts bytes in and out with a caption in formatted units', async () => {
  const { view } = open('/app/traffic?range=1h')
  await waitFor(() => view.getByRole('heading', { name: 'Traffic per interval' }))
  const caption = plain(document.querySelector('[data-chart-caption]')!.textContent)
  assert.match(caption, /^60 points from .+, one every 1 min\. Latest, .+: Bytes in 60 kB, Bytes out 500 B\.$/)
  assert.match(stub!.seen('GET /metrics/traffic')[0]!.url, /range=1h/)
  assert.ok(view.getByText((text) => plain(text) === 'In this range: 1.8 MB in, 30 kB out.'))
})

test('lists the busiest devices most first, each name linking to its device', async () => {
  const { view } = open('/app/traffic')
  const table = await waitFor(() => view.getByRole('table', { name: 'Top ten devices by traffic' }))
  const rows = [...table.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => plain(cell.textContent)))
  assert.equal(rows, [
    ['gate-1', '5 MB', '500 kB', '5.5 MB'],
    ['gate-2', '2 MB', '1 MB', '3 MB'],
  ])
  assert.is(view.getByRole('link', { name: 'gate-1' }).getAttribute('href'), '/app/devices/details?id=d-1')
})

test('switches the range in the address', async () => {
  const { view, history } = open('/app/traffic')
  await waitFor(() => view.getByRole('heading', { name: 'Traffic per interval' }))
  fireEvent.click(view.getByRole('button', { name: '7 days' }))
  await waitFor(() => assert.match(document.querySelector('[data-chart-caption]')!.textContent ?? '', /^168 points/))
  assert.is(history[history.length - 1], '/app/traffic?range=7d')
  fireEvent.click(view.getByRole('button', { name: '24 hours' }))
  await waitFor(() => assert.match(document.querySelector('[data-chart-caption]')!.textContent ?? '', /^288 points/))
  assert.is(history[history.length - 1], '/app/traffic')
})

test.run()
