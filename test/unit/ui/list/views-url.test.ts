import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { columnKeys, shownColumns } from '../../../../src/ui/list/list-columns'
import type { ListState } from '../../../../src/ui/list/list-url'
import { columnsSearch, queryOfList, showsView, toggleColumn, viewSearch, viewToOpen } from '../../../../src/ui/list/views-url'

const ALL = ['name', 'status', 'model', 'location', 'tags']
const columns = ALL.map((key) => ({ key }))
const keysOf = (list: readonly { key: string }[]) => list.map((column) => column.key)

/** A saved view of devices; `overrides` change any field. */
const createView = (overrides: Record<string, unknown> = {}) => ({
  id: 'v1',
  query: { q: 'kiosk', sort: 'last_seen', order: 'desc' as const, filters: { status: ['offline', 'error'], tag: ['lobby'] } },
  columns: ['name', 'status', 'tags'],
  ...overrides,
})

/** A list's state at page 1 of 10 rows; `overrides` change any field. */
const createState = (overrides: Partial<ListState> = {}): ListState => ({ q: '', sort: 'name', order: 'asc', page: 1, per_page: 10, filters: {}, ...overrides })

test('shows the columns the address names, in its order, and every column when it names none of them', () => {
  assert.equal(keysOf(shownColumns(columns, 'tags,name')), ['tags', 'name'])
  assert.equal(keysOf(shownColumns(columns, 'name,password,name')), ['name'], 'unknown and repeated keys are dropped')
  assert.equal(keysOf(shownColumns(columns, null)), ALL)
  assert.equal(keysOf(shownColumns(columns, 'password')), ALL, 'never an empty table')
  assert.equal(columnKeys(' status , model', ALL), ['status', 'model'])
})

test('a column shown only when chosen is left out of the plain list', () => {
  const more = [...columns, { key: 'serial', optional: true }]
  assert.equal(keysOf(shownColumns(more, null)), ALL)
  assert.equal(keysOf(shownColumns(more, 'name,serial')), ['name', 'serial'])
  assert.equal(keysOf(shownColumns(more, 'bogus')), ALL)
})

test("a view's address holds its id, search, sort, order, each filter value and its columns", () => {
  const search = viewSearch(createView())
  assert.is(search.toString(), 'view=v1&q=kiosk&sort=last_seen&order=desc&status=offline&status=error&tag=lobby&columns=name%2Cstatus%2Ctags')
  assert.is(viewToOpen(search), undefined, 'once written, the view is open, not to open again')
  assert.is(viewToOpen(new URLSearchParams('view=v1')), 'v1', 'a bare link is still to open')
  assert.is(viewToOpen(new URLSearchParams('status=online')), undefined)
  const bare = viewSearch(createView({ query: { q: '', sort: 'name', order: 'asc', filters: {} }, columns: ALL }))
  assert.is(bare.toString(), 'view=v1&sort=name&order=asc&columns=name%2Cstatus%2Cmodel%2Clocation%2Ctags', 'all columns are written still')
  assert.is(viewToOpen(bare), undefined)
})

test("the list's question as a view keeps it leaves paging and empty filters out", () => {
  const state = createState({ q: 'gate', sort: 'status', order: 'desc', page: 4, per_page: 25, filters: { status: ['online'], tag: [] } })
  assert.equal(queryOfList(state), { q: 'gate', sort: 'status', order: 'desc', filters: { status: ['online'] } })
})

test('a view is said to show unchanged only while the list holds its question and columns', () => {
  const view = createView()
  const same = createState({ q: 'kiosk', sort: 'last_seen', order: 'desc', page: 3, filters: { tag: ['lobby'], status: ['error', 'offline'] } })
  assert.ok(showsView(view, same, ['name', 'status', 'tags']), 'order of filters and values, and the page, do not matter')
  assert.not.ok(showsView(view, { ...same, q: '' }, ['name', 'status', 'tags']))
  assert.not.ok(showsView(view, { ...same, filters: { tag: ['lobby'] } }, ['name', 'status', 'tags']))
  assert.not.ok(showsView(view, same, ['name', 'status']))
  assert.not.ok(showsView(view, same, ['status', 'name', 'tags']), 'column order counts')
})

test("the chooser hides a column but never the last, and shows one again at its place in the list's order", () => {
  assert.equal(toggleColumn(['name', 'status', 'tags'], ALL, 'status'), ['name', 'tags'])
  assert.equal(toggleColumn(['name'], ALL, 'name'), ['name'])
  assert.equal(toggleColumn(['name', 'tags'], ALL, 'model'), ['name', 'model', 'tags'])
  assert.equal(toggleColumn(['status', 'tags'], ALL, 'name'), ['name', 'status', 'tags'])
  assert.equal(toggleColumn(['tags', 'name'], ALL, 'status'), ['tags', 'name', 'status'], "a view's own order stays")
})

test("the chooser's address names the columns, or none when all show in order and no view is open", () => {
  assert.is(columnsSearch(new URLSearchParams('status=online'), ALL, ['name', 'tags']).toString(), 'status=online&columns=name%2Ctags')
  assert.is(columnsSearch(new URLSearchParams('status=online&columns=name'), ALL, ALL).toString(), 'status=online')
  assert.is(columnsSearch(new URLSearchParams('view=v1&columns=name'), ALL, ALL).toString(), 'view=v1&columns=name%2Cstatus%2Cmodel%2Clocation%2Ctags')
})

test.run()
