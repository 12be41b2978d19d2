import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Page } from '../../../../src/api/collection'
import { clearToken, setToken, type Result } from '../../../../src/api/client'
import type { ListQuery } from '../../../../src/contract/collections'
import type { Device } from '../../../../src/contract/devices'
import '../../../../src/ui/console-texts'
import { SEARCH_DEBOUNCE_MS } from '../../../../src/ui/list/list-search'
import { DEVICE_LIST } from '../../../../src/ui/list/list-defaults'
import type { ListDefaults } from '../../../../src/ui/list/list-url'
import { ListView, type Column } from '../../../../src/ui/list/list-view'
import { valueLabel } from '../../../../src/ui/list/list-tools'
import { filtersOf } from '../../../../src/contract/list-filters'
import { t } from '../../../../src/lib/i18n'
import { RELOAD_DELAY_MS, useCollectionList } from '../../../../src/ui/list/use-collection-list'
import { createDevice } from '../../contract/factories'
import { cleanup, fireEvent, page, waitFor, within, render } from '../testing'

// The debounce and the live reload wait for real; give them room on a busy machine.
const { configure } = await import('@testing-library/react')
configure({ asyncUtilTimeout: 3000 })

const PATH = '/app/devices'
const defaults: ListDefaults = { sort: 'name', order: 'asc', perPage: 10, filters: ['status'] }

const columns: Column<Device>[] = [
  { key: 'name', label: 'Name', sort: 'name', render: (device) => device.name },
  { key: 'status', label: 'Status', sort: 'status', render: (device) => device.status },
  { key: 'location', label: 'Location', render: (device) => device.location },
]

const devicePage = (rows: Device[], total = rows.length): Result<Page<Device>> => ({ ok: true, status: 200, data: { rows, total } })
const failed = (message: string): Result<Page<Device>> => ({ ok: false, status: 0, message })

/** The query a list at the defaults asks for, with `overrides`. */
const createQuery = (overrides: ListQuery = {}) => ({ q: '', sort: 'name', order: 'asc', page: 1, per_page: 10, filters: {}, ...overrides })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The events stream under the module's live store: with a token set, `fetch` of `/events`
 * answers a stream this test writes to.
 */
const events = (() => {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = []
  const encoder = new TextEncoder()
  let original: typeof fetch | undefined
  return {
    install() {
      original = globalThis.fetch
      setToken('token-1')
      globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (!String(input).endsWith('/events')) throw new Error(`unexpected fetch ${String(input)}`)
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
      }) as typeof fetch
    },
    restore() {
      if (original) globalThis.fetch = original
      clearToken()
    },
    /** Ends the newest stream, as a server that stops does. */
    drop() {
      streams[streams.length - 1]?.close()
    },
    /** How many streams the store has opened. */
    opened: () => streams.length,
    /** Sends one event down the newest stream, as the server writes it. */
    send(event: string, data: unknown) {
      const stream = streams[streams.length - 1]
      if (!stream) throw new Error('no events stream open')
      stream.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
    },
  }
})()

test.before(() => events.install())
test.after(() => events.restore())
test.after.each(() => cleanup())

type Answer = Result<Page<Device>> | Promise<Result<Page<Device>>>

/**
 * The devices list at `path`, its `list` answering each call with `answer(query, call number)`.
 * `calls` records each query; `history` every address the list went to.
 */
function renderList(
  path: string,
  answer: (query: ListQuery, n: number) => Answer,
  onDevice?: (row: Device, event: { id: string; status: string }) => Device,
  tools?: { collection: 'devices'; defaults: ListDefaults },
) {
  const calls: ListQuery[] = []
  const list = async (query: ListQuery) => {
    calls.push(query)
    return answer(query, calls.length)
  }
  function Devices() {
    const { query, data, change, reload } = useCollectionList<Device>({ collection: 'devices', list, defaults: tools?.defaults ?? defaults, onDevice })
    return <ListView caption="Devices" columns={columns} query={query} data={data} change={change} reload={reload} collection={tools?.collection} />
  }
  const memory = memoryLocation({ path, record: true })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <Devices />
    </Router>,
  )
  const view = page()
  return {
    calls,
    history: memory.history,
    view,
    /** The body rows as the user reads them, cell by cell. */
    rows: () =>
      within(view.getByRole('table', { name: 'Devices' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent)),
    sortOf: (name: string) => view.getByRole('columnheader', { name }).getAttribute('aria-sort'),
    search: () => view.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement,
  }
}

const gates = [createDevice({ id: 'd-1', name: 'gate-1' }), createDevice({ id: 'd-2', name: 'gate-2', status: 'offline', location: 'Hall B' })]

test('shows a spinner, then the rows the list answered', async () => {
  let answer: (result: Result<Page<Device>>) => void = () => undefined
  const list = renderList(PATH, () => new Promise((resolve) => (answer = resolve)))
  assert.ok(list.view.getByText('Loading the list'))
  answer(devicePage(gates))
  await waitFor(() =>
    assert.equal(list.rows(), [
      ['gate-1', 'online', 'Hall A'],
      ['gate-2', 'offline', 'Hall B'],
    ]),
  )
  assert.is(list.view.queryByText('Loading the list'), null)
  assert.equal(list.calls, [createQuery()])
})

test('asks for what the address holds', async () => {
  const list = renderList(`${PATH}?q=gate&sort=status&order=desc&page=2&per_page=5&status=online&tab=map`, () => devicePage(gates, 12))
  await waitFor(() => assert.is(list.rows().length, 2))
  assert.equal(list.calls, [createQuery({ q: 'gate', sort: 'status', order: 'desc', page: 2, per_page: 5, filters: { status: ['online'] } })])
  assert.is(list.search().value, 'gate')
  assert.ok(list.view.getByText('6–10 of 12'))
})

test('marks the sorted column and sorts by a header when clicked, starting at page 1', async () => {
  const list = renderList(`${PATH}?page=2`, () => devicePage(gates, 30))
  await waitFor(() => assert.is(list.rows().length, 2))
  const sorts = () => [list.sortOf('Name'), list.sortOf('Status'), list.sortOf('Location')]
  assert.equal(sorts(), ['ascending', null, null])
  fireEvent.click(list.view.getByRole('button', { name: 'Status' }))
  assert.equal(sorts(), [null, 'ascending', null])
  fireEvent.click(list.view.getByRole('button', { name: 'Status' }))
  assert.equal(sorts(), [null, 'descending', null])
  assert.equal(list.history, [`${PATH}?page=2`, `${PATH}?sort=status`, `${PATH}?sort=status&order=desc`])
  await waitFor(() => assert.is(list.calls.length, 3))
  assert.equal(list.calls.slice(1), [createQuery({ sort: 'status' }), createQuery({ sort: 'status', order: 'desc' })])
})

test('reverses the default sort when its header is clicked', async () => {
  const list = renderList(PATH, () => devicePage(gates))
  await waitFor(() => assert.is(list.rows().length, 2))
  fireEvent.click(list.view.getByRole('button', { name: 'Name' }))
  assert.is(list.sortOf('Name'), 'descending')
  assert.equal(list.history, [PATH, `${PATH}?order=desc`])
})

test('offers no sort on a column without one', async () => {
  const list = renderList(PATH, () => devicePage(gates))
  await waitFor(() => assert.is(list.rows().length, 2))
  assert.is(list.view.queryByRole('button', { name: 'Location' }), null)
})

test('writes the search to the address once typing settles, replacing the address and page', async () => {
  const list = renderList(`${PATH}?page=3`, (query) => devicePage(query.q ? gates.slice(0, 1) : gates, 30))
  await waitFor(() => assert.is(list.rows().length, 2))
  for (const text of ['g', 'ga', 'gat', 'gate']) fireEvent.change(list.search(), { target: { value: text } })
  await sleep(SEARCH_DEBOUNCE_MS - 100)
  assert.equal(list.history, [`${PATH}?page=3`])
  await waitFor(() => assert.equal(list.history, [`${PATH}?q=gate`]))
  await waitFor(() => assert.is(list.rows().length, 1))
  assert.equal(list.calls, [createQuery({ page: 3 }), createQuery({ q: 'gate' })])
  assert.is(list.search().value, 'gate')
})

test('keeps a space typed just before a pause in the search box', async () => {
  const list = renderList(PATH, () => devicePage(gates))
  await waitFor(() => assert.is(list.rows().length, 2))
  fireEvent.change(list.search(), { target: { value: 'north ' } })
  await waitFor(() => assert.equal(list.history, [`${PATH}?q=north`]))
  await sleep(50)
  assert.is(list.search().value, 'north ')
})

test('Esc clears the search box and, once settled, the search', async () => {
  const list = renderList(`${PATH}?q=gate`, () => devicePage(gates))
  await waitFor(() => assert.is(list.rows().length, 2))
  fireEvent.keyDown(list.search(), { key: 'Escape' })
  assert.is(list.search().value, '')
  await waitFor(() => assert.equal(list.history, [PATH]))
})

test('rows per page writes per_page and starts again at page 1', async () => {
  const list = renderList(`${PATH}?sort=status&page=2`, () => devicePage(gates, 30))
  await waitFor(() => assert.is(list.rows().length, 2))
  const perPage = list.view.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement
  assert.equal(
    Array.from(perPage.options).map((option) => option.value),
    ['5', '10', '25'],
  )
  fireEvent.change(perPage, { target: { value: '25' } })
  assert.equal(list.history, [`${PATH}?sort=status&page=2`, `${PATH}?sort=status&per_page=25`])
  await waitFor(() => assert.equal(list.calls.at(-1), createQuery({ sort: 'status', per_page: 25 })))
})

test('the next page button moves one page on and keeps the rest', async () => {
  const list = renderList(`${PATH}?sort=status`, () => devicePage(gates, 30))
  await waitFor(() => assert.is(list.rows().length, 2))
  fireEvent.click(list.view.getByRole('button', { name: 'Next page' }))
  assert.equal(list.history, [`${PATH}?sort=status`, `${PATH}?sort=status&page=2`])
})

test('says the organization has nothing yet when the list is empty', async () => {
  const list = renderList(PATH, () => devicePage([]))
  await list.view.findByText('Nothing here yet')
  assert.is(list.view.queryByRole('button', { name: 'Clear search' }), null)
  assert.is(list.view.queryByRole('navigation', { name: 'Pages' }), null)
})

test('says nothing matches a search, with a button that clears it', async () => {
  const list = renderList(`${PATH}?sort=status`, (query) => devicePage(query.q ? [] : gates))
  await waitFor(() => assert.is(list.rows().length, 2))
  fireEvent.change(list.search(), { target: { value: 'zzz' } })
  await list.view.findByText('Nothing matches “zzz”')
  assert.is(list.view.queryByText('Nothing here yet'), null)
  fireEvent.click(list.view.getByRole('button', { name: 'Clear search' }))
  // A search, typed or cleared, replaces the address rather than adding a step.
  assert.equal(list.history, [`${PATH}?sort=status`])
  await waitFor(() => assert.is(list.rows().length, 2))
  assert.is(list.search().value, '')
  assert.equal(list.calls, [createQuery({ sort: 'status' }), createQuery({ sort: 'status', q: 'zzz' }), createQuery({ sort: 'status' })])
})

test('shows a failed load with a retry that asks again', async () => {
  const list = renderList(PATH, (_query, n) => (n === 1 ? failed('session.unreachable') : devicePage(gates)))
  const alert = await list.view.findByRole('alert')
  assert.is(alert.textContent, 'The server cannot be reached. Check the connection and try again. Try again')
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
  await waitFor(() => assert.is(list.rows().length, 2))
  assert.is(list.view.queryByRole('alert'), null)
  assert.equal(list.calls, [createQuery(), createQuery()])
})

test('reloads quietly when a record of its collection changes', async () => {
  const list = renderList(PATH, (_query, n) => devicePage(n === 1 ? gates : [createDevice({ name: 'gate-1b' }), ...gates.slice(1)]))
  await waitFor(() => assert.is(list.rows().length, 2))
  events.send('change', { collection: 'devices', id: 'd-1', action: 'update', version: 4 })
  await waitFor(() => assert.equal(list.rows()[0], ['gate-1b', 'online', 'Hall A']))
  assert.equal(list.calls, [createQuery(), createQuery()])
  assert.is(list.view.queryByText('Loading the list'), null)
})

test('reads changes that arrive together once', async () => {
  const list = renderList(PATH, () => devicePage(gates))
  await waitFor(() => assert.is(list.rows().length, 2))
  for (const id of ['d-1', 'd-2', 'd-3']) events.send('change', { collection: 'devices', id, action: 'update', version: 4 })
  await waitFor(() => assert.is(list.calls.length, 2))
  await sleep(RELOAD_DELAY_MS + 200)
  assert.equal(list.calls, [createQuery(), createQuery()])
})

test('does not reload for a change of another collection', async () => {
  const list = renderList(PATH, () => devicePage(gates))
  await waitFor(() => assert.is(list.rows().length, 2))
  events.send('change', { collection: 'tunnels', id: 't-1', action: 'create', version: 1 })
  await sleep(RELOAD_DELAY_MS + 200)
  assert.equal(list.calls, [createQuery()])
})

test('reloads after a reset, when events were missed', async () => {
  const list = renderList(PATH, () => devicePage(gates))
  await waitFor(() => assert.is(list.rows().length, 2))
  events.send('reset', {})
  await waitFor(() => assert.equal(list.calls, [createQuery(), createQuery()]))
})

test('reads the page it shows once when a lost stream comes back', async () => {
  const list = renderList(`${PATH}?page=2`, (_query, n) => devicePage(n === 1 ? gates : gates.slice(1), 12))
  await waitFor(() => assert.is(list.rows().length, 2))
  const opened = events.opened()
  events.drop()
  await waitFor(() => assert.is(events.opened(), opened + 1))
  await waitFor(() => assert.is(list.rows().length, 1))
  await sleep(RELOAD_DELAY_MS + 200)
  assert.equal(list.calls, [createQuery({ page: 2 }), createQuery({ page: 2 })])
})

test('patches a device’s status as it arrives, without asking the server', async () => {
  const list = renderList(
    PATH,
    () => devicePage(gates),
    (row, event) => (row.id === event.id ? { ...row, status: event.status as Device['status'] } : row),
  )
  await waitFor(() => assert.is(list.rows().length, 2))
  events.send('device', { id: 'd-2', status: 'online', last_seen: '2025-01-12T10:00:00.000Z' })
  await waitFor(() => assert.equal(list.rows()[1], ['gate-2', 'online', 'Hall B']))
  assert.equal(list.calls, [createQuery()])
})

test('shows each filter value as a chip that removes itself, and the menu adds values of the declared fields', async () => {
  const tools = { collection: 'devices' as const, defaults: DEVICE_LIST }
  const list = renderList(`${PATH}?status=online&status=offline&tag=edge`, () => devicePage(gates), undefined, tools)
  const chips = () => within(list.view.getByRole('list', { name: 'Filters in use' })).queryAllByRole('listitem').map((chip) => chip.textContent)
  await waitFor(() => assert.equal(chips(), ['Status: Online', 'Status: Offline', 'Tag: edge', 'Clear filters']))
  assert.equal(list.calls.at(-1)?.filters, { status: ['online', 'offline'], tag: ['edge'] })
  fireEvent.click(list.view.getByRole('button', { name: 'Remove the filter Status: Online' }))
  await waitFor(() => assert.equal(list.calls.at(-1)?.filters, { status: ['offline'], tag: ['edge'] }))
  assert.equal(chips(), ['Status: Offline', 'Tag: edge', 'Clear filters'])
  assert.is(list.history.at(-1), `${PATH}?tag=edge&status=offline`)
  // The menu: a box per status, a text to add for a tag.
  fireEvent.click(list.view.getByRole('button', { name: 'Filter' }))
  const menu = within(list.view.getByRole('group', { name: 'Filter the list' }))
  assert.is((menu.getByRole('checkbox', { name: 'Offline' }) as HTMLInputElement).checked, true)
  fireEvent.click(menu.getByRole('checkbox', { name: 'Error' }))
  await waitFor(() => assert.equal(list.calls.at(-1)?.filters, { status: ['offline', 'error'], tag: ['edge'] }))
  fireEvent.change(menu.getByRole('textbox', { name: 'Firmware' }), { target: { value: '3.1.0' } })
  fireEvent.submit(menu.getByRole('textbox', { name: 'Firmware' }).closest('form')!)
  await waitFor(() => assert.equal(list.calls.at(-1)?.filters, { status: ['offline', 'error'], tag: ['edge'], firmware: ['3.1.0'] }))
  fireEvent.click(list.view.getByRole('button', { name: 'Clear filters' }))
  await waitFor(() => assert.equal(list.calls.at(-1)?.filters, {}))
  assert.is(list.view.queryByRole('list', { name: 'Filters in use' }), null)
})

test('the filter menu takes a location, and Esc closes it with the focus back on its button', async () => {
  const tools = { collection: 'devices' as const, defaults: DEVICE_LIST }
  const list = renderList(PATH, () => devicePage(gates), undefined, tools)
  const button = await list.view.findByRole('button', { name: 'Filter' })
  fireEvent.click(button)
  const menu = within(list.view.getByRole('group', { name: 'Filter the list' }))
  fireEvent.change(menu.getByRole('textbox', { name: 'Location' }), { target: { value: 'Hall A' } })
  fireEvent.submit(menu.getByRole('textbox', { name: 'Location' }).closest('form')!)
  await waitFor(() => assert.equal(list.calls.at(-1)?.filters, { location: ['Hall A'] }))
  assert.is(list.history.at(-1), `${PATH}?location=Hall+A`)
  fireEvent.keyDown(menu.getByRole('textbox', { name: 'Location' }), { key: 'Escape' })
  await waitFor(() => assert.is(list.view.queryByRole('group', { name: 'Filter the list' }), null))
  assert.is(document.activeElement, button)
})

test('a list without a collection shows no filter menu, chips or export', async () => {
  const list = renderList(`${PATH}?status=online`, () => devicePage(gates))
  await waitFor(() => assert.is(list.rows().length, 2))
  assert.is(list.view.queryByRole('button', { name: 'Filter' }), null)
  assert.is(list.view.queryByRole('list', { name: 'Filters in use' }), null)
})

test('shows the columns the address names, in its order, and all of them when it names none it has', async () => {
  const headersOf = (list: ReturnType<typeof renderList>) => within(list.view.getByRole('table', { name: 'Devices' })).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼]/g, ''))
  const some = renderList(`${PATH}?columns=location,name`, () => devicePage(gates))
  await waitFor(() => assert.equal(some.rows(), [['Hall A', 'gate-1'], ['Hall B', 'gate-2']]))
  assert.equal(headersOf(some), ['Location', 'Name'])
  cleanup()
  const unknown = renderList(`${PATH}?columns=password`, () => devicePage(gates))
  await waitFor(() => assert.equal(unknown.rows().length, 2))
  assert.equal(headersOf(unknown), ['Name', 'Status', 'Location'])
})

test("a key's scope filter names each right as the console does, not by its key", () => {
  const scope = filtersOf('access_keys').find((field) => field.name === 'scope')!
  assert.equal(
    ['access_keys', 'devices', 'app_ids', 'heartbeat'].map((value) => valueLabel(t, scope, value)),
    ['Access Keys', 'Edge & Devices', 'App Ids', 'Device heartbeats only'],
  )
})

test.run()
