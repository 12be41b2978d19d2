import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { setToken } from '../../../../src/api/client'
import type { Right } from '../../../../src/contract/rights'
import type { Summary } from '../../../../src/contract/summary'
import HomeTiles, { tilesOf } from '../../../../src/features/home/home-tiles'
import { SUMMARY_THROTTLE_MS, touchesSummary } from '../../../../src/features/home/use-summary'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { render } from '../../ui/testing'
import { cleanup, fireEvent, page, resetSession, waitFor } from '../helpers'

const { configure } = await import('@testing-library/react')
configure({ asyncUtilTimeout: 4000 })

const ALL: Summary = {
  generated_at: new Date(Date.now() - 30_000).toISOString(),
  devices: { online: 1234, offline: 3, error: 2, provisioning: 1, pending: 0, disabled: 0, total: 1240, added_7d: 4 },
  tunnels: { up: 4, total: 6 },
  access_keys: { expiring: 2 },
  app_ids: { total: 5 },
  billing: {
    plan: 'team',
    limits: { devices: 50, tunnels: 20, traffic_bytes: 500_000_000_000 },
    usage: { devices: 30, tunnels: 4, traffic_bytes: 450_000_000_000 },
  },
}

/** `/summary` answers what `answer` holds (only the parts of the caller's rights); `/events` is a stream the test writes to. */
const server = (() => {
  let answer: Summary = ALL
  let failing = false
  const asked: URL[] = []
  const askedAt: number[] = []
  const streams: ReadableStreamDefaultController<Uint8Array>[] = []
  let original: typeof fetch | undefined
  return {
    asked,
    askedAt,
    set(next: Summary) {
      answer = next
    },
    fail(on: boolean) {
      failing = on
    },
    install() {
      original = globalThis.fetch
      globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost:8080')
        if (url.pathname.endsWith('/events')) {
          const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) })
          const controller = streams[streams.length - 1]!
          init?.signal?.addEventListener('abort', () => {
            try {
              controller.close()
            } catch {
              // Already closed.
            }
          })
          return { ok: true, status: 200, body } as unknown as Response
        }
        asked.push(url)
        askedAt.push(Date.now())
        if (failing) return new Response(JSON.stringify({ message: 'The server is down.' }), { status: 503, headers: { 'Content-Type': 'application/json' } })
        return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } })
      }) as typeof fetch
    },
    restore() {
      if (original) globalThis.fetch = original
    },
    send(event: string, data: unknown) {
      const stream = streams[streams.length - 1]
      if (!stream) throw new Error('no events stream open')
      stream.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
    },
  }
})()

test.before(() => server.install())
test.after(() => server.restore())
test.before.each(() => {
  resetSession()
  setToken('token-1')
})
test.after.each(() => {
  cleanup()
  server.asked.length = 0
  server.askedAt.length = 0
  server.set(ALL)
  server.fail(false)
})

const signedIn = (rights: Right[]) => {
  const user = createUser({ rights })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
}

const show = () =>
  render(
    <Router hook={memoryLocation({ path: '/app/home' }).hook} base="/app">
      <HomeTiles />
    </Router>,
  )

const links = () => page().queryAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test('shows every tile to a holder of every right, with its figure and the list it counts', async () => {
  signedIn(['devices', 'tunnels', 'access_keys', 'app_ids', 'billing', 'users'])
  show()
  await waitFor(() => page().getByRole('link', { name: /Devices online/ }))
  assert.ok(page().getByRole('heading', { name: 'At a glance' }))
  assert.equal(links(), [
    ['1,234 Devices online', '/app/devices?status=online'],
    ['3 Devices offline', '/app/devices?status=offline&enabled=true'],
    ['2 Devices in error', '/app/devices?status=error'],
    ['1 Devices not seen yet', '/app/devices?status=provisioning&enabled=true'],
    ['Add device', '/app/devices?new=1'],
    ['4 of 6 Tunnels up', '/app/tunnels'],
    ['2 Keys expiring within 7 days', '/app/access_keys?expiry=within_7&revoked=false'],
    ['5 App ids (they do not expire)', '/app/app_ids'],
    ['90% Usage of the Team plan', '/app/billing'],
  ])
  // The traffic is the limit closest to being reached; each limit is listed.
  assert.ok(page().getByText('Devices: 30 of 50'))
  assert.ok(page().getByText('Tunnels: 4 of 20'))
  assert.ok(page().getByText('Traffic this month: 450 of 500 GB'))
  // The provisioning tile: how many devices came lately, and the way to add one.
  assert.ok(page().getByText('4 added in the last 7 days'))
  assert.is(server.asked.length, 1)
  assert.ok(server.asked[0]!.pathname.endsWith('/summary'))
})

test('shows the age of the figures on each tile', async () => {
  signedIn(['devices'])
  show()
  await waitFor(() => page().getByRole('link', { name: /Devices offline/ }))
  const ages = page().getAllByText('30 s ago')
  assert.is(ages.length, 4)
  assert.is(ages[0]!.getAttribute('datetime'), ALL.generated_at)
})

test('shows only the tiles of the rights held, even when the answer holds more', async () => {
  signedIn(['access_keys', 'roles'])
  show()
  await waitFor(() => page().getByRole('link', { name: /Keys expiring/ }))
  assert.equal(links(), [['2 Keys expiring within 7 days', '/app/access_keys?expiry=within_7&revoked=false']])

  cleanup()
  assert.equal(tilesOf(ALL, ['devices']).map((tile) => tile.key), ['online', 'offline', 'error', 'provisioning'])
  assert.equal(tilesOf(ALL, ['tunnels', 'app_ids']).map((tile) => tile.key), ['tunnels', 'appIds'])
  assert.equal(tilesOf({ generated_at: ALL.generated_at }, ['devices', 'tunnels']), [], 'no part, no tile')
  const [usage] = tilesOf(ALL, ['billing'])
  assert.equal([usage!.key, usage!.figure, usage!.alert, usage!.name], ['usage', 0.9, true, 'Team'])
  const calm = tilesOf({ ...ALL, billing: { ...ALL.billing!, usage: { devices: 40, tunnels: 2, traffic_bytes: 0 } } }, ['billing'])[0]!
  assert.equal([calm.figure, calm.alert], [0.8, false], 'devices 40 of 50 is the fullest')
})

test('shows the devices waiting for approval only while there are some, asking for attention', () => {
  assert.not.ok(tilesOf(ALL, ['devices']).some((tile) => tile.key === 'pending'))
  const waiting = tilesOf({ ...ALL, devices: { ...ALL.devices!, pending: 2 } }, ['devices'])
  assert.equal(waiting.at(-1), { key: 'pending', href: '/devices?status=pending', figure: 2, alert: true })
})

test('counts firing alerts for holders of alerts or devices, linking to the alerts', () => {
  const alerted = { ...ALL, alerts: { firing: 3 } }
  assert.equal(tilesOf(alerted, ['alerts']), [{ key: 'alerts', href: '/alerts', figure: 3, alert: true }])
  assert.equal(tilesOf(alerted, ['devices']).map((tile) => tile.key), ['online', 'offline', 'error', 'provisioning', 'alerts'])
  assert.equal(tilesOf(alerted, ['tunnels']).map((tile) => tile.key), ['tunnels'], 'no alerts tile without alerts nor devices')
  assert.equal(tilesOf({ ...ALL, alerts: { firing: 0 } }, ['alerts'])[0]?.alert, false, 'calm at zero')
})

test('asks nothing and shows nothing without a right the tiles count', async () => {
  signedIn(['users', 'roles', 'network'])
  show()
  await wait(100)
  assert.is(page().queryByRole('heading', { name: 'At a glance' }), null)
  assert.is(server.asked.length, 0)
})

test('marks figures that ask for attention', async () => {
  signedIn(['devices'])
  server.set({ ...ALL, devices: { online: 5, offline: 0, error: 1, provisioning: 0, pending: 0, disabled: 0, total: 6, added_7d: 0 } })
  show()
  await waitFor(() => page().getByRole('link', { name: /Devices in error/ }))
  const tile = (name: RegExp) => page().getByRole('link', { name }).closest('li')!.className
  assert.not.equal(tile(/Devices in error/), tile(/Devices offline/), 'an error stands out, none offline does not')
  assert.is(tile(/Devices offline/), tile(/Devices online/))
})

test('asks again once, after the throttle, however many device events arrive', async () => {
  signedIn(['devices'])
  show()
  await waitFor(() => page().getByRole('link', { name: '3 Devices offline' }))
  server.set({ ...ALL, generated_at: new Date().toISOString(), devices: { online: 1235, offline: 2, error: 2, provisioning: 1, pending: 0, disabled: 0, total: 1240, added_7d: 4 } })
  const sentAt = Date.now()
  await waitFor(() => server.send('device', { id: 'd-1', status: 'online', last_seen: new Date().toISOString() }))
  server.send('device', { id: 'd-2', status: 'online', last_seen: new Date().toISOString() })
  server.send('change', { collection: 'devices', id: 'd-3', action: 'update', version: 2 })
  await wait(SUMMARY_THROTTLE_MS / 2)
  // On a loaded machine the wait may overrun the throttle itself; the gap below still holds then.
  if (Date.now() - sentAt < SUMMARY_THROTTLE_MS - 50) assert.is(server.asked.length, 1, 'not before the throttle')
  await waitFor(() => page().getByRole('link', { name: '2 Devices offline' }))
  const gap = server.askedAt[1]! - server.askedAt[0]!
  assert.ok(gap >= SUMMARY_THROTTLE_MS - 20, `${gap} ms between the requests`)
  assert.is(page().getAllByText('just now').length, 4, 'the age follows the new figures')
  await wait(300)
  assert.is(server.asked.length, 2, 'one request for the three events')
})

test('asks again for changes of what it counts, not for others', async () => {
  signedIn(['access_keys'])
  show()
  await waitFor(() => page().getByRole('link', { name: /Keys expiring/ }))
  await waitFor(() => server.send('change', { collection: 'users', id: 'u-2', action: 'update', version: 2 }))
  server.send('device', { id: 'd-1', status: 'online', last_seen: null })
  server.send('change', { collection: 'devices', id: 'd-1', action: 'create', version: 1 })
  await wait(SUMMARY_THROTTLE_MS + 300)
  assert.is(server.asked.length, 1, 'users and devices do not move a keys tile')
  server.send('change', { collection: 'access_keys', id: 'k-1', action: 'update', version: 2 })
  await waitFor(() => assert.is(server.asked.length, 2))
})

test('says so when the figures cannot be read, and reads them again on demand', async () => {
  signedIn(['devices'])
  server.fail(true)
  show()
  await waitFor(() => page().getByRole('alert'))
  assert.match(page().getByRole('alert').textContent ?? '', 'The server is down.')
  assert.is(page().queryAllByRole('link').length, 0)
  server.fail(false)
  fireEvent.click(page().getByRole('button', { name: 'Try again' }))
  await waitFor(() => page().getByRole('link', { name: '3 Devices offline' }))
  assert.is(page().queryByRole('alert'), null)
})

test('tells which events may move which figures', () => {
  const change = (collection: string) => ({ type: 'change' as const, data: { collection, id: 'x', action: 'update' as const, version: 1 } }) as never
  const device = { type: 'device' as const, data: { id: 'd', status: 'online', last_seen: null } }
  assert.ok(touchesSummary(device, ['tunnels']), 'a device coming online brings its tunnels up')
  assert.not.ok(touchesSummary(device, ['app_ids']))
  assert.ok(touchesSummary(change('devices'), ['tunnels']), "a device deleted takes its tunnels")
  assert.ok(touchesSummary(change('app_ids'), ['app_ids']))
  assert.not.ok(touchesSummary(change('app_ids'), ['devices']))
  assert.not.ok(touchesSummary(change('roles'), ['devices', 'tunnels', 'access_keys', 'app_ids']))
  assert.ok(touchesSummary({ type: 'reset' }, ['app_ids']))
  assert.ok(touchesSummary(change('tunnels'), ['billing']), 'tunnels count against the plan')
  assert.ok(touchesSummary(change('organizations'), ['billing']), 'the plan changed')
  assert.not.ok(touchesSummary(change('organizations'), ['devices']))
  assert.ok(touchesSummary(device, ['billing']), 'heartbeats add traffic')
  assert.not.ok(touchesSummary({ type: 'rights' }, ['devices']))
})

test.run()
