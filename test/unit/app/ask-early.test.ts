import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { setToken, clearToken } from '../../../src/api/client'
import { collection } from '../../../src/api/collection'
import { askEarly } from '../../../src/app/ask-early'
import { earlyRouteFor } from '../../../src/app/early-route'
import * as firstRequests from '../../../src/app/first-requests'
import { APP_BASE, APP_ROUTES } from '../../../src/app/route-table'
import { DEVICE_LIST, KEY_LIST, TUNNEL_LIST, USER_LIST } from '../../../src/ui/list/list-defaults'
import { readListQuery } from '../../../src/ui/list/list-url'
import { stubFetch, respond, type FetchStub } from '../api/fetch-stub'

let stub: FetchStub | undefined

test.after.each(() => {
  stub?.restore()
  stub = undefined
  window.earlyAnswers = undefined
  clearToken()
})

/** A small seeded generator, so every run asks the same addresses. */
function generator(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const PIECES = ['gw', 'a b', 'ü', '&', '=', '+', '%', '#', 'name', 'serial', 'asc', 'desc', '2', '25', '-1', 'online', '']
const NAMES = ['q', 'sort', 'order', 'page', 'per_page', 'status', 'role', 'device_id', 'protocol', 'other', 'tag', 'firmware', 'name', 'last_seen_before', 'scope', 'expiry', 'revoked', 'filter[status]']

function randomSearch(next: () => number): string {
  const params = new URLSearchParams()
  // Filters repeat: several values of one field.
  const count = Math.floor(next() * 9)
  for (let i = 0; i < count; i++) params.append(NAMES[Math.floor(next() * NAMES.length)]!, PIECES[Math.floor(next() * PIECES.length)]!)
  return params.toString()
}

/** The expiries of the early answers, run by hand. */
let expiries: (() => void)[] = []

const ALL_RIGHTS = ['devices', 'tunnels', 'users', 'access_keys', 'network', 'traffic', 'billing']

function start(pathname: string, search: string, token: string | null, asked: string[], rights: readonly string[] | null = ALL_RIGHTS, small = false) {
  const answers: Record<string, Promise<Response>> = {}
  window.earlyAnswers = answers
  const preloaded: string[] = []
  askEarly({
    location: { pathname, search: search ? `?${search}` : '', href: `${location.origin}${pathname}${search ? `?${search}` : ''}` },
    token,
    rights,
    host: '/api',
    routes: { files: ['shell-1.js', 'chunk-2.js', 'devices-screen-3.js', 'devices-screen-4.css', 'drawer-5.js'], shell: [0, 1], drawer: [4], devices: [2, 1, 3] },
    small,
    preload: (attributes) => preloaded.push(`${attributes.rel} ${attributes.href}`),
    later: (run) => expiries.push(run),
    fetch: (url) => {
      asked.push(url)
      return Promise.resolve(respond({ status: 200, body: [{ id: 'early' }], headers: { 'x-total-count': '1', 'content-type': 'application/json' } }))
    },
    answers,
  }, earlyRouteFor(pathname))
  return preloaded
}

for (const [route, name, defaults] of [
  ['/app/devices', 'devices', DEVICE_LIST],
  ['/app/tunnels', 'tunnels', TUNNEL_LIST],
  ['/app/users', 'users', USER_LIST],
  ['/app/access_keys', 'access_keys', KEY_LIST],
] as const) {
  test(`the ${name} screen's first list call takes the early answer for any address (seeded)`, async () => {
    const next = generator(0x5eed + name.length)
    for (let run = 0; run < 60; run++) {
      const search = randomSearch(next)
      setToken('token-1')
      const asked: string[] = []
      start(route, search, 'token-1', asked)
      assert.is(asked.length, 2, `users/self and the list for ?${search}`)
      stub = stubFetch({ status: 200, body: [{ id: 'late' }], headers: { 'x-total-count': '1' } })
      const result = await collection(name).list(readListQuery(new URLSearchParams(search), defaults))
      assert.is(stub.requests.length, 0, `the screen asked again for ?${search}: ${stub.requests[0]?.url} beside ${asked[1]}`)
      assert.equal(result.ok && result.data.rows, [{ id: 'early' }])
      stub.restore()
      stub = undefined
    }
  })
}

test('the early list request carries every filter value as filter[field], as the list call does', async () => {
  const asked: string[] = []
  start('/app/devices', 'status=online&tag=edge&status=offline&other=1&tag=a%20b', 'token-1', asked)
  const url = new URL(asked[1]!)
  assert.equal(url.searchParams.getAll('filter[status]'), ['online', 'offline'])
  assert.equal(url.searchParams.getAll('filter[tag]'), ['edge', 'a b'])
  assert.equal(url.searchParams.getAll('status'), [])
  assert.not.ok(url.search.includes('other'))
  setToken('token-1')
  stub = stubFetch({ status: 200, body: [{ id: 'late' }], headers: { 'x-total-count': '1' } })
  const result = await collection('devices').list(readListQuery(new URLSearchParams('status=online&tag=edge&status=offline&tag=a%20b'), DEVICE_LIST))
  assert.is(stub.requests.length, 0, 'the screen took the early answer')
  assert.equal(result.ok && result.data.rows, [{ id: 'early' }])
})

test('home and the dashboards take their early answers too', async () => {
  const { networkMetrics } = await import('../../../src/features/network/network-api')
  const { call } = await import('../../../src/api/client')
  const { auditPage } = await import('../../../src/api/audit')
  const { RECENT_CHANGES } = await import('../../../src/contract/audit')
  for (const [route, search, take] of [
    ['/app/network', 'range=7d', () => networkMetrics('7d')],
    ['/app/network', 'range=bogus', () => networkMetrics('24h')],
    ['/app', '', () => call('GET', '/summary')],
    ['/app/home', '', () => auditPage({ collection: undefined, record_id: undefined, page: 1, per_page: RECENT_CHANGES }).then((result) => ({ ...result, data: result.ok && result.data.rows }))],
  ] as const) {
    setToken('token-1')
    const asked: string[] = []
    start(route, search, 'token-1', asked)
    // Home asks for its figures and its recent changes.
    assert.is(asked.length, route.startsWith('/app/network') ? 2 : 3, route)
    stub = stubFetch({ status: 200, body: [{ id: 'late' }] })
    const result = await take()
    assert.is(stub.requests.length, 0, `${route}?${search} asked again: ${stub.requests[0]?.url} beside ${asked[1]}`)
    assert.equal(result.ok && result.data, [{ id: 'early' }])
    stub.restore()
    stub = undefined
  }
})

test('a detail page asks for the record its address names, and nothing more without one', async () => {
  const { collection: recordsOf } = await import('../../../src/api/collection')
  for (const [route, name] of [
    ['/app/devices/details', 'devices'],
    ['/app/users/details', 'users'],
    ['/app/roles/details', 'roles'],
  ] as const) {
    setToken('token-1')
    const asked: string[] = []
    start(route, 'id=a%2Fb%20c', 'token-1', asked, [...ALL_RIGHTS, 'roles'])
    assert.is(asked.length, 2, route)
    stub = stubFetch({ status: 200, body: { id: 'late' } })
    const result = await recordsOf(name).get('a/b c')
    assert.is(stub.requests.length, 0, `${route} asked again: ${stub.requests[0]?.url} beside ${asked[1]}`)
    assert.equal(result.ok && result.data, [{ id: 'early' }])
    stub.restore()
    stub = undefined
    const bare: string[] = []
    start(route, '', 'token-1', bare, [...ALL_RIGHTS, 'roles'])
    assert.equal(bare.map((url) => new URL(url).pathname), ['/api/users/self'], `${route} without an id`)
  }
})

test('the alerts screen takes its early answers: what fires, the page of ended alerts its address names, the mutes', async () => {
  const { listAlerts, listMutes, FIRING_PER_PAGE } = await import('../../../src/features/alerts/alerts-api')
  const { historyPage } = await import('../../../src/features/alerts/alert-pages')
  for (const search of ['', 'page=3&per_page=25', 'page=0&per_page=7', 'page=x']) {
    setToken('token-1')
    const asked: string[] = []
    start('/app/alerts', search, 'token-1', asked, ['alerts'])
    assert.is(asked.length, 4, `users/self and three for ?${search}`)
    stub = stubFetch({ status: 200, body: [{ id: 'late' }], headers: { 'x-total-count': '1' } })
    const { page, perPage } = historyPage(new URLSearchParams(search))
    const firing = await listAlerts({ state: 'firing', per_page: FIRING_PER_PAGE })
    const ended = await listAlerts({ state: 'resolved', page, per_page: perPage })
    const mutes = await listMutes()
    assert.is(stub.requests.length, 0, `?${search} asked again: ${stub.requests[0]?.url}`)
    assert.equal([firing, ended].map((result) => result.ok && result.data.rows), [[{ id: 'early' }], [{ id: 'early' }]])
    assert.equal(mutes.ok && mutes.data, [{ id: 'early' }])
    stub.restore()
    stub = undefined
  }
})

test('the alert rules, the audit trail and the API reference take their early answers', async () => {
  const { RULE_LIST } = await import('../../../src/ui/list/list-defaults')
  const { auditPage } = await import('../../../src/api/audit')
  const { readFilters, trailQuery, TRAIL_PER_PAGE } = await import('../../../src/features/audit/audit-filters')
  const { call } = await import('../../../src/api/client')
  const { OPENAPI_PATH } = await import('../../../src/contract/paths')
  /** The trail screen's first call for the address's `search`, as the screen makes it. */
  const trail = (search: string) => {
    const { collection: kind, recordId, filters } = trailQuery(readFilters(new URLSearchParams(search)))
    return auditPage({ collection: kind, record_id: recordId, ...filters, page: 1, per_page: TRAIL_PER_PAGE }).then((result) => ({ ...result, data: result.ok && result.data.rows }))
  }
  for (const [route, search, take] of [
    ['/app/alerts/rules', 'q=kiosk&sort=created_at', () => collection('alert_rules').list(readListQuery(new URLSearchParams('q=kiosk&sort=created_at'), RULE_LIST)).then((result) => ({ ...result, data: result.ok && result.data.rows }))],
    ['/app/audit', '', () => trail('')],
    ['/app/audit', 'actor=u-1&action=update&collection=devices&record_id=d%201&from=2026-03-01&to=2026-03-05', () => trail('actor=u-1&action=update&collection=devices&record_id=d%201&from=2026-03-01&to=2026-03-05')],
    ['/app/audit', 'collection=nothing&from=someday', () => trail('collection=nothing&from=someday')],
    ['/app/api', '', () => call('GET', OPENAPI_PATH)],
  ] as const) {
    setToken('token-1')
    const asked: string[] = []
    start(route, search, 'token-1', asked, ['alerts'])
    assert.is(asked.length, 2, `${route}?${search}`)
    stub = stubFetch({ status: 200, body: [{ id: 'late' }], headers: { 'x-total-count': '1' } })
    const result = await take()
    assert.is(stub.requests.length, 0, `${route}?${search} asked again: ${stub.requests[0]?.url} beside ${asked[1]}`)
    assert.equal(result.ok && result.data, [{ id: 'early' }])
    stub.restore()
    stub = undefined
  }
})

test('preloads the shell and the screen the address opens, styles as stylesheets', () => {
  const preloaded = start('/app/devices', '', 'token-1', [])
  assert.equal(preloaded, [
    'modulepreload /assets/shell-1.js',
    'modulepreload /assets/chunk-2.js',
    'modulepreload /assets/devices-screen-3.js',
    'modulepreload /assets/chunk-2.js',
    'stylesheet /assets/devices-screen-4.css',
  ])
})

test("on a small screen, the drawer's code comes with the shell's; a wide screen's first load goes without it", () => {
  const small = start('/app/devices', '', 'token-1', [], ALL_RIGHTS, true)
  assert.equal(small.slice(0, 3), ['modulepreload /assets/shell-1.js', 'modulepreload /assets/chunk-2.js', 'modulepreload /assets/drawer-5.js'])
  assert.not.ok(start('/app/devices', '', 'token-1', []).some((line) => line.includes('drawer')))
})

test('asks only for the user when the kept rights do not open the screen, and for both when no rights are kept', () => {
  const asked: string[] = []
  start('/app/devices', '', 'token-1', asked, ['tunnels'])
  assert.equal(asked.map((url) => new URL(url).pathname), ['/api/users/self'])
  asked.length = 0
  start('/app/devices', '', 'token-1', asked, null)
  assert.equal(asked.map((url) => new URL(url).pathname), ['/api/users/self', '/api/devices/'])
})

test('asks nothing signed out or outside /app', () => {
  const asked: string[] = []
  assert.equal(start('/app/devices', '', null, asked), [])
  assert.equal(start('/application', '', 'token-1', asked), [])
  assert.equal(asked, [])
})

test('an early answer goes once, and only to the same caller', async () => {
  start('/app/devices', '', 'token-1', [])
  setToken('token-2')
  stub = stubFetch({ status: 200, body: [{ id: 'late' }], headers: { 'x-total-count': '1' } })
  const other = await collection('devices').list(readListQuery(new URLSearchParams(), DEVICE_LIST))
  assert.equal(other.ok && other.data.rows, [{ id: 'late' }], 'another token does not take it')
  setToken('token-1')
  const mine = await collection('devices').list(readListQuery(new URLSearchParams(), DEVICE_LIST))
  assert.equal(mine.ok && mine.data.rows, [{ id: 'early' }])
  const again = await collection('devices').list(readListQuery(new URLSearchParams(), DEVICE_LIST))
  assert.equal(again.ok && again.data.rows, [{ id: 'late' }], 'a second call asks the server')
})

test('an early answer no screen took within its time is gone', async () => {
  expiries = []
  start('/app/devices', '', 'token-1', [])
  expiries.forEach((run) => run())
  setToken('token-1')
  stub = stubFetch({ status: 200, body: [{ id: 'late' }], headers: { 'x-total-count': '1' } })
  const result = await collection('devices').list(readListQuery(new URLSearchParams(), DEVICE_LIST))
  assert.equal(result.ok && result.data.rows, [{ id: 'late' }])
})

test('a failed early request is asked again by the screen', async () => {
  const answers: Record<string, Promise<Response>> = {}
  window.earlyAnswers = answers
  askEarly({
    location: { pathname: '/app/devices', search: '', href: `${location.origin}/app/devices` },
    token: 'token-1',
    rights: ALL_RIGHTS,
    host: '/api',
    routes: {},
    small: false,
    preload: () => {},
    later: () => {},
    fetch: () => Promise.reject(new TypeError('network down')),
    answers,
  }, earlyRouteFor('/app/devices'))
  setToken('token-1')
  stub = stubFetch({ status: 200, body: [{ id: 'late' }], headers: { 'x-total-count': '1' } })
  const result = await collection('devices').list(readListQuery(new URLSearchParams(), DEVICE_LIST))
  assert.equal(result.ok && result.data.rows, [{ id: 'late' }])
})

test("each screen's page carries its own first requests: the export the build names is the route table's", () => {
  const exports = firstRequests as unknown as Record<string, unknown>
  for (const { path, screen, right } of APP_ROUTES) {
    const route = earlyRouteFor(APP_BASE + path)
    assert.is(route.screen, screen, path)
    assert.is(route.right, right, path)
    // build.mjs imports `<screen>First` (camel case) for a screen that asks for something first.
    const name = `${screen.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}First`
    assert.is(exports[name], firstRequests.FIRST_REQUESTS[screen], `${screen}: ${name}`)
  }
  assert.is(Object.keys(firstRequests.FIRST_REQUESTS).length, Object.keys(exports).filter((name) => name.endsWith('First')).length, 'one export per screen with first requests')
})

test.run()
