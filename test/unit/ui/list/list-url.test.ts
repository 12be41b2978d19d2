import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { KEY_SCOPES } from '../../../../src/contract/access-keys'
import { DEVICE_STATUSES } from '../../../../src/contract/devices'
import { filtersOf } from '../../../../src/contract/list-filters'
import { PROTOCOLS } from '../../../../src/contract/tunnels'
import { MEMBER_STATUSES } from '../../../../src/contract/users'
import { DEVICE_LIST, KEY_LIST, TUNNEL_LIST, USER_LIST } from '../../../../src/ui/list/list-defaults'
import { readListQuery, writeListQuery, type ListDefaults } from '../../../../src/ui/list/list-url'

const defaults: ListDefaults = { sort: 'name', order: 'asc', perPage: 10, filters: ['status', 'model'] }

const read = (search: string) => readListQuery(new URLSearchParams(search), defaults)
const write = (search: string, change: Parameters<typeof writeListQuery>[2]) =>
  writeListQuery(new URLSearchParams(search), defaults, change).toString()

test('reads the defaults from an empty address', () => {
  assert.equal(read(''), { q: '', sort: 'name', order: 'asc', page: 1, per_page: 10, filters: {} })
})

test('reads search, sort, order, page, rows per page and filters from the address', () => {
  assert.equal(read('q=gate&sort=status&order=desc&page=3&per_page=25&status=online&model=X1'), {
    q: 'gate',
    sort: 'status',
    order: 'desc',
    page: 3,
    per_page: 25,
    filters: { status: ['online'], model: ['X1'] },
  })
})

test('falls back to page 1 for a page that is not a whole number from 1 up', () => {
  assert.equal(
    ['page=0', 'page=-2', 'page=1.5', 'page=two', 'page='].map((search) => read(search).page),
    [1, 1, 1, 1, 1],
  )
})

test('falls back to the default rows per page for a size the console does not offer', () => {
  assert.equal(
    ['per_page=7', 'per_page=50', 'per_page=0', 'per_page=ten', 'per_page=5'].map((search) => read(search).per_page),
    [10, 10, 10, 10, 5],
  )
})

test('falls back to the default order for one that is neither asc nor desc', () => {
  assert.equal(
    ['order=sideways', 'order=ASC', 'order=', 'order=desc'].map((search) => read(search).order),
    ['asc', 'asc', 'asc', 'desc'],
  )
})

test('reads only the filters the list declares, and none that are empty', () => {
  assert.equal(read('status=online&owner=ada&model=&utm_source=mail').filters, { status: ['online'] })
})

test('leaves values at their default out of the address', () => {
  assert.is(write('sort=status&order=desc&per_page=25', { sort: 'name', order: 'asc', per_page: 10 }), '')
})

test('writes values that differ from the default', () => {
  assert.is(write('', { sort: 'status', order: 'desc', per_page: 25 }), 'sort=status&order=desc&per_page=25')
})

test('starts again at page 1 on any change other than the page', () => {
  assert.equal(
    [{ q: 'gate' }, { sort: 'status' }, { order: 'desc' as const }, { per_page: 25 }, { filters: { status: 'online' } }].map((change) =>
      new URLSearchParams(write('page=4', change)).get('page'),
    ),
    [null, null, null, null, null],
  )
})

test('writes the page asked for, and leaves page 1 out', () => {
  assert.is(write('q=gate', { page: 3 }), 'q=gate&page=3')
  assert.is(write('q=gate&page=3', { page: 1 }), 'q=gate')
})

test('replaces the search, trimmed, and drops an empty one', () => {
  assert.is(write('q=old', { q: '  new gate ' }), 'q=new+gate')
  assert.is(write('q=old', { q: '   ' }), '')
  assert.is(write('q=old', { q: '' }), '')
})

test('sets a filter and clears one set to empty', () => {
  assert.is(write('status=online', { filters: { model: 'X1' } }), 'status=online&model=X1')
  assert.is(write('status=online&model=X1', { filters: { status: '' } }), 'model=X1')
})

test('keeps parameters that are not the list’s', () => {
  assert.is(write('tab=map&page=2&debug=1', { sort: 'status' }), 'tab=map&debug=1&sort=status')
})

test('an address it wrote reads back as the change', () => {
  const search = writeListQuery(new URLSearchParams(), defaults, { q: 'gate', sort: 'status', order: 'desc', page: 2, per_page: 5, filters: { status: 'error' } })
  assert.equal(readListQuery(search, defaults), { q: 'gate', sort: 'status', order: 'desc', page: 2, per_page: 5, filters: { status: ['error'] } })
})

test('a field holds several values, once each; setting it replaces them all, and none removes it', () => {
  assert.is(write('', { filters: { status: ['online', 'offline', 'online', ''] } }), 'status=online&status=offline')
  assert.equal(read('status=online&status=offline&status=online').filters, { status: ['online', 'offline'] })
  assert.is(write('status=online&status=offline&model=X1', { filters: { status: ['error'] } }), 'model=X1&status=error')
  assert.is(write('status=online&status=offline&model=X1', { filters: { status: [] } }), 'model=X1')
})

/** A small seeded generator, so every run writes the same addresses. */
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

const PIECES = ['online', 'edge', 'a b', '&', '=', '+', '%', '#', 'ü', '2026-11-01T00:00:00Z', '[x]', 'filter[status]', ',', '"']

test('any filters written read back the same, whatever they hold and whatever the address had (seeded)', () => {
  const next = generator(0x1157)
  const pick = () => PIECES[Math.floor(next() * PIECES.length)]!
  for (let run = 0; run < 300; run++) {
    const before = new URLSearchParams()
    for (let n = Math.floor(next() * 4); n > 0; n--) before.append(next() < 0.5 ? 'status' : pick(), pick())
    const filters: Record<string, string[]> = {}
    for (const name of defaults.filters) {
      if (next() < 0.3) continue
      filters[name] = Array.from({ length: Math.floor(next() * 4) }, pick)
    }
    const search = writeListQuery(before, defaults, { filters })
    const read = readListQuery(new URLSearchParams(search.toString()), defaults).filters
    for (const name of defaults.filters) {
      const expected = name in filters ? [...new Set(filters[name])] : [...new Set(before.getAll(name).filter(Boolean))]
      assert.equal(read[name] ?? [], expected, `${name} after ${JSON.stringify(filters)} on ?${before}`)
    }
    // Parameters that are not the list's stay as they were.
    for (const [name, value] of before) if (!defaults.filters.includes(name) && name !== 'page') assert.ok(search.getAll(name).includes(value), name)
  }
})

test('the filter menu offers the values the records take', () => {
  const values = (collection: 'devices' | 'users' | 'tunnels' | 'access_keys', name: string) => filtersOf(collection).find((field) => field.name === name)?.values
  assert.equal(values('devices', 'status'), DEVICE_STATUSES)
  assert.equal(values('users', 'status'), MEMBER_STATUSES)
  assert.equal(values('tunnels', 'protocol'), PROTOCOLS)
  assert.equal(values('access_keys', 'scope'), KEY_SCOPES)
})

test('each list reads from the address the filters its collection declares', () => {
  for (const [defaults, collection] of [[DEVICE_LIST, 'devices'], [KEY_LIST, 'access_keys'], [TUNNEL_LIST, 'tunnels'], [USER_LIST, 'users']] as const) {
    assert.equal([...defaults.filters].sort(), filtersOf(collection).map((field) => field.name).sort(), collection)
  }
})

test.run()
