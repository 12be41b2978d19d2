import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mergeEdits } from '../../../../src/ui/record/merge'

type Values = { name: string; location: string; tags: readonly string[]; enabled: boolean }

const createValues = (overrides: Partial<Values> = {}): Values => ({ name: 'gate-1', location: 'Hall A', tags: ['north'], enabled: true, ...overrides })

test('takes the fields only they changed and keeps the ones only I changed', () => {
  const base = createValues()
  const mine = createValues({ location: 'Hall A2' })
  const theirs = createValues({ name: 'gate-1b', tags: ['north', 'roof'] })
  assert.equal(mergeEdits(base, mine, theirs), {
    merged: createValues({ name: 'gate-1b', location: 'Hall A2', tags: ['north', 'roof'] }),
    conflicts: [],
  })
})

test('names only the fields both changed, to different values, and keeps mine there meanwhile', () => {
  const base = createValues()
  const mine = createValues({ location: 'Hall A2', name: 'gate-x', enabled: false })
  const theirs = createValues({ location: 'Hall B', name: 'gate-x', tags: [] })
  assert.equal(mergeEdits(base, mine, theirs), {
    merged: createValues({ location: 'Hall A2', name: 'gate-x', enabled: false, tags: [] }),
    conflicts: ['location'],
  })
})

test('compares lists by their items', () => {
  const base = createValues({ tags: ['north'] })
  const mine = createValues({ tags: ['north'] })
  const theirs = createValues({ tags: ['north', 'roof'] })
  assert.equal(mergeEdits(base, mine, theirs).merged.tags, ['north', 'roof'])
  assert.equal(mergeEdits(base, createValues({ tags: ['roof'] }), theirs).conflicts, ['tags'])
})

test('finds nothing to ask when nobody changed anything', () => {
  const base = createValues()
  assert.equal(mergeEdits(base, createValues(), createValues()), { merged: base, conflicts: [] })
})

test.run()
