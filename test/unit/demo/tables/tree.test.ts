import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { flattenTree, logicalKey, SITES, totalOf, treeKey, type TreeFocus, type TreeNode } from '../../../../src/demo/tables/tree'

const ids = (expanded: string[]) => flattenTree(SITES, new Set(expanded)).map((row) => row.node.id)

/** Presses `keys` in turn from `start`, and records where the focus was and what was open after each. */
function press(start: TreeFocus, keys: string[]) {
  const seen: string[] = []
  let state = start
  for (const key of keys) {
    state = treeKey(flattenTree(SITES, state.expanded), state, key) ?? state
    seen.push(`${key}: ${state.focus} [${[...state.expanded].join(' ')}]`)
  }
  return seen
}

test("a parent's sum is that of everything below it", () => {
  const [hamburg, berlin, jakarta] = SITES as [TreeNode, TreeNode, TreeNode]
  assert.is(totalOf(hamburg.children![0]!), 38 + 22 + 6)
  assert.is(totalOf(hamburg), 38 + 22 + 6 + 24 + 13)
  assert.is(totalOf(berlin), 24 + 9 + 95)
  assert.is(totalOf(jakarta.children![1]!), 0, 'an empty rack draws nothing')
  assert.is(totalOf({ id: 'x', name: 'x', kind: 'device' }), 0)
})

test('only the rows whose parents are all open show, with their level, place and sum', () => {
  assert.equal(ids([]), ['hh', 'ber', 'jkt'])
  assert.equal(ids(['hh']), ['hh', 'hh-a1', 'hh-a2', 'ber', 'jkt'])
  assert.equal(ids(['hh', 'hh-a2']), ['hh', 'hh-a1', 'hh-a2', 'hh-a2-1', 'hh-a2-2', 'ber', 'jkt'])
  assert.equal(ids(['hh-a2']), ['hh', 'ber', 'jkt'], 'an open rack under a closed site stays hidden')
  const rows = flattenTree(SITES, new Set(['hh', 'hh-a1', 'jkt']))
  const a1 = rows.find((row) => row.node.id === 'hh-a1')!
  assert.equal([a1.level, a1.parent, a1.parentRow, a1.expanded, a1.position, a1.siblings, a1.total], [2, 'hh', true, true, 1, 2, 66])
  const device = rows.find((row) => row.node.id === 'hh-a1-3')!
  assert.equal([device.level, device.parent, device.parentRow, device.expanded, device.position, device.siblings, device.total], [3, 'hh-a1', false, false, 3, 3, 6])
  const empty = rows.find((row) => row.node.id === 'jkt-c2')!
  assert.equal([empty.parentRow, empty.expanded], [false, false], 'an empty rack does not open')
})

test('Right opens a row, then goes to its first child; Left closes it, then goes to the parent', () => {
  assert.equal(press({ expanded: new Set(), focus: 'hh' }, ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft']), [
    'ArrowRight: hh [hh]',
    'ArrowRight: hh-a1 [hh]',
    'ArrowRight: hh-a1 [hh hh-a1]',
    'ArrowRight: hh-a1-1 [hh hh-a1]',
    'ArrowRight: hh-a1-1 [hh hh-a1]',
    'ArrowLeft: hh-a1 [hh hh-a1]',
    'ArrowLeft: hh-a1 [hh]',
    'ArrowLeft: hh [hh]',
    'ArrowLeft: hh []',
    'ArrowLeft: hh []',
  ])
})

test('Up, Down, Home and End move over the rows that show; Enter opens and closes', () => {
  assert.equal(press({ expanded: new Set(['ber']), focus: 'hh' }, ['ArrowUp', 'ArrowDown', 'ArrowDown', 'End', 'ArrowDown', 'Home', 'Enter', 'ArrowDown', 'Enter', 'Enter']), [
    'ArrowUp: hh [ber]',
    'ArrowDown: ber [ber]',
    'ArrowDown: ber-b1 [ber]',
    'End: jkt [ber]',
    'ArrowDown: jkt [ber]',
    'Home: hh [ber]',
    'Enter: hh [ber hh]',
    'ArrowDown: hh-a1 [ber hh]',
    'Enter: hh-a1 [ber hh hh-a1]',
    'Enter: hh-a1 [ber hh]',
  ])
})

test('other keys are left to the browser; a lost focus does nothing', () => {
  const rows = flattenTree(SITES, new Set())
  assert.is(treeKey(rows, { expanded: new Set(), focus: 'hh' }, 'Tab'), null)
  assert.is(treeKey(rows, { expanded: new Set(), focus: 'hh' }, 'a'), null)
  assert.is(treeKey(rows, { expanded: new Set(), focus: 'gone' }, 'ArrowDown'), null)
})

test('in a right-to-left page Left opens and Right closes', () => {
  assert.is(logicalKey('ArrowLeft', true), 'ArrowRight')
  assert.is(logicalKey('ArrowRight', true), 'ArrowLeft')
  assert.is(logicalKey('ArrowDown', true), 'ArrowDown')
  assert.is(logicalKey('ArrowLeft', false), 'ArrowLeft')
})

test.run()
