import { test } from 'uvu'
import * as assert from 'uvu/assert'
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
    filters: { status: 'online', model: 'X1' },
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
  assert.equal(read('status=online&owner=ada&model=&utm_source=mail').filters, { status: 'online' })
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
  assert.equal(readListQuery(search, defaults), { q: 'gate', sort: 'status', order: 'desc', page: 2, per_page: 5, filters: { status: 'error' } })
})

test.run()
