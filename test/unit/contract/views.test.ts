import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { check } from '../../../src/contract/validation'
import { checkView, VIEW_COLLECTIONS, VIEW_COLUMNS, ViewInput, type ViewQuery } from '../../../src/contract/views'
import { deviceColumns } from '../../../src/features/devices/device-columns'
import { keyColumns } from '../../../src/features/access-keys/key-columns'
import { tunnelColumns } from '../../../src/features/tunnels/tunnel-columns'
import { userColumns } from '../../../src/features/users/user-columns'
import { t } from '../../../src/lib/i18n'

const SORTS = ['name', 'status', 'last_seen']
const createQuery = (overrides: Partial<ViewQuery> = {}): ViewQuery => ({ q: '', sort: 'name', order: 'asc', filters: {}, ...overrides })
const problemOf = (query: ViewQuery, columns = ['name']) => {
  const verdict = checkView('devices', query, columns, SORTS)
  return verdict.ok ? undefined : verdict.problem.kind
}

test("the views' columns are the columns each list shows, in its order", () => {
  const none = () => undefined
  const screens = {
    devices: deviceColumns(t),
    access_keys: keyColumns(t, { onRename: none, onRevoke: none } as never),
    users: userColumns(t, none),
    tunnels: tunnelColumns(t, { onChanged: none, onEdit: none, onDelete: none } as never),
  }
  for (const name of VIEW_COLLECTIONS) assert.equal([...VIEW_COLUMNS[name]], screens[name].map((column) => column.key), name)
})

test('a view holds only what its list takes: declared filters, values they take, its sorts, its columns', () => {
  assert.is(problemOf(createQuery({ filters: { status: ['online'], tag: ['lobby', 'roof'] } })), undefined)
  assert.is(problemOf(createQuery({ filters: { colour: ['red'] } })), 'unknownFilter')
  assert.is(problemOf(createQuery({ filters: { status: ['melting'] } })), 'badFilter')
  assert.is(problemOf(createQuery({ filters: { last_seen_after: ['2026-01-01', '2026-02-01'] } })), 'oneFilterValue')
  assert.is(problemOf(createQuery({ filters: { tag: Array.from({ length: 51 }, (_, n) => `t${n}`) } })), 'tooManyFilterValues')
  assert.is(problemOf(createQuery({ sort: 'serial' })), 'badSort')
  assert.is(problemOf(createQuery(), ['name', 'secret']), 'badColumn')
  assert.is(problemOf(createQuery(), ['name', 'name']), 'repeatedColumn')
})

test('a kept question is as the list keeps it: times as instants, values sorted once each, empty fields left out', () => {
  const verdict = checkView('devices', createQuery({ q: ' gate ', filters: { last_seen_after: ['2026-01-31'], status: ['offline', 'error', 'offline'], tag: [] } }), ['name'], SORTS)
  assert.ok(verdict.ok)
  if (verdict.ok) assert.equal(verdict.query, { q: 'gate', sort: 'name', order: 'asc', filters: { last_seen_after: ['2026-01-31T00:00:00.000Z'], status: ['error', 'offline'] } })
})

test('a view needs a name, a list that takes views and at least one column', () => {
  const base = { name: 'Offline', collection: 'devices', query: createQuery(), columns: ['name'] }
  assert.ok(check(ViewInput, base).ok)
  assert.equal(check(ViewInput, { ...base, name: ' ' }), { ok: false, errors: { name: 'validation.required' } })
  assert.not.ok(check(ViewInput, { ...base, collection: 'roles' }).ok)
  assert.not.ok(check(ViewInput, { ...base, columns: [] }).ok)
})

test.run()
