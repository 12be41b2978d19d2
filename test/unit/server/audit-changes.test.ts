import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { AUDIT_VALUE_MAX, type AuditChange } from '../../../src/contract/audit'
import { diffRecords, isSecretField, parseChanges, recordValues, safeChanges } from '../../../src/server/audit/changes'

type Row = Record<string, unknown>

/** Records as the collections answer them: a few plain fields, a list, a flag, a number, bookkeeping. */
const value = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }))
const record = fc.record({
  id: fc.constant('r-1'),
  version: fc.integer({ min: 1, max: 9 }),
  updated_at: fc.constant('2026-01-01T00:00:00.000Z'),
  name: value,
  location: value,
  tags: value,
  enabled: value,
  port: value,
})

test('the diff of a record with itself is empty', () => {
  fc.assert(
    fc.property(record, (one) => {
      assert.equal(diffRecords(one, structuredClone(one)), [])
    }),
    { seed: 19, numRuns: 500 },
  )
})

test('applying each change after over the record before gives the record after, for the fields listed', () => {
  let changed = 0
  fc.assert(
    fc.property(record, record, (before, after) => {
      const changes = diffRecords(before, after)
      const applied: Row = structuredClone(before)
      for (const change of changes) {
        assert.ok(!('changed' in change), 'no secret among these fields')
        if ('before' in change) {
          assert.equal(change.before, (before as Row)[change.field] ?? null, `before of ${change.field}`)
          applied[change.field] = change.after
        }
      }
      const plain = (row: Row) => ({ ...row, id: undefined, version: undefined, updated_at: undefined })
      assert.equal(plain(applied), plain(after as Row))
      // Only what changed is listed.
      for (const change of changes) assert.is.not(JSON.stringify((before as Row)[change.field]), JSON.stringify((after as Row)[change.field]))
      changed += changes.length
    }),
    { seed: 1405, numRuns: 1000 },
  )
  assert.ok(changed > 500, 'the runs did change fields')
})

test('bookkeeping (id, version, times) is never a change', () => {
  const changes = diffRecords({ id: 'a', version: 1, created_at: 'x', updated_at: 'y', name: 'n' }, { id: 'b', version: 2, created_at: 'z', updated_at: 'w', name: 'n' })
  assert.equal(changes, [])
})

test('a secret, a hash, a token or a password is only said to have changed', () => {
  const before = { secret_hash: 'aaaa', client_secret: 's1', token: 't1', password: 'p1', webhook_secret: 'w1', name: 'Sync' }
  const after = { secret_hash: 'bbbb', client_secret: 's2', token: 't2', password: 'p2', webhook_secret: 'w2', name: 'Sync 2' }
  const changes = diffRecords(before, after)
  assert.equal(changes, [
    { field: 'secret_hash', changed: true },
    { field: 'client_secret', changed: true },
    { field: 'token', changed: true },
    { field: 'password', changed: true },
    { field: 'webhook_secret', changed: true },
    { field: 'name', before: 'Sync', after: 'Sync 2' },
  ])
  const text = JSON.stringify([changes, recordValues(after, 'after'), recordValues(before, 'before')])
  for (const secret of ['aaaa', 'bbbb', 's1', 's2', 't1', 't2', 'p1', 'p2', 'w1', 'w2']) assert.not.ok(text.includes(`"${secret}"`), secret)
  assert.ok(isSecretField('api_token') && isSecretField('password_hash') && !isSecretField('name'))
  // Whatever a caller passes, the values of a secret are dropped before they are stored.
  const forged: AuditChange[] = [{ field: 'client_secret', before: 'old', after: 'new' }]
  assert.equal(safeChanges(forged), [{ field: 'client_secret', changed: true }])
})

test('a long value is cut to the limit and marked', () => {
  const long = 'x'.repeat(AUDIT_VALUE_MAX + 50)
  const [change] = diffRecords({ location: 'short' }, { location: long })
  assert.ok(change && 'after' in change)
  const after = (change as { after: string }).after
  assert.is(after.length, AUDIT_VALUE_MAX + 1)
  assert.ok(after.endsWith('…'))
  assert.is((change as { cut?: true }).cut, true)
  const [list] = diffRecords({ tags: [] }, { tags: Array.from({ length: 100 }, (_, i) => `tag-${i}`) })
  assert.ok(typeof (list as { after: unknown }).after === 'string' && (list as { cut?: true }).cut, 'a long list is cut as its JSON')
})

test('a create lists its first values and a delete its last, empty ones left out', () => {
  const row = { id: 'd', version: 1, name: 'Gate', location: '', tags: ['a'], port: 0 }
  assert.equal(recordValues(row, 'after'), [
    { field: 'name', before: null, after: 'Gate' },
    { field: 'tags', before: null, after: ['a'] },
    { field: 'port', before: null, after: 0 },
  ])
  assert.equal(recordValues(row, 'before')[0], { field: 'name', before: 'Gate', after: null })
})

test('stored changes read back; anything unreadable reads as none', () => {
  assert.equal(parseChanges('[{"field":"name","before":"a","after":"b"}]'), [{ field: 'name', before: 'a', after: 'b' }])
  for (const bad of ['', 'nope', '{}', '[1,"x",null]', null, undefined]) assert.equal(parseChanges(bad), [], String(bad))
})

test.run()
