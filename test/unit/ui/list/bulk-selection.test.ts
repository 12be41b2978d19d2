import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MAX_BULK_IDS } from '../../../../src/contract/bulk'
import { bulkSelectionOf, isFull, offersMatching, selectedCount } from '../../../../src/ui/bulk/selection-request'
import {
  emptySelection,
  isSelected,
  pageState,
  selectionKey,
  selectionUnder,
  selectMatching,
  toggle,
  togglePage,
  type Selection,
} from '../../../../src/ui/list/bulk-selection'

const KEY = selectionKey({ q: '', filters: { status: ['online'] } })
const page1 = ['d1', 'd2', 'd3']
const page2 = ['d4', 'd5', 'd6']
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `id${from + i}`)

/** Applies steps in turn from an empty selection and records each result's ids and `all`. */
function walk(...steps: ((selection: Selection) => Selection)[]) {
  const seen: [readonly string[], boolean][] = []
  steps.reduce((selection, step) => {
    const next = step(selection)
    seen.push([next.ids, next.all])
    return next
  }, emptySelection(KEY))
  return seen
}

test('the key ignores the order of filters and values, page, sort and spaces around the search', () => {
  const a = selectionKey({ q: ' gate ', filters: { status: ['online', 'offline'], tag: ['lobby'], model: [] } })
  const b = selectionKey({ q: 'gate', filters: { tag: ['lobby'], status: ['offline', 'online'] } })
  assert.is(a, b)
  assert.is.not(a, selectionKey({ q: 'gate', filters: { tag: ['lobby'] } }))
  assert.is.not(a, selectionKey({ q: 'gates', filters: { tag: ['lobby'], status: ['offline', 'online'] } }))
})

test('a selection made under other filters or another search reads as empty', () => {
  const picked = toggle(emptySelection(KEY), 'd1', true, page1)
  assert.equal(selectionUnder(picked, KEY).ids, ['d1'])
  const other = selectionKey({ q: '', filters: { status: ['online'], tag: ['lobby'] } })
  assert.equal(selectionUnder(picked, other), emptySelection(other))
  assert.equal(selectionUnder(selectMatching(picked), selectionKey({ q: 'x', filters: { status: ['online'] } })).all, false)
})

test('rows ticked by hand stay ticked across pages and untick one by one', () => {
  assert.equal(
    walk(
      (s) => toggle(s, 'd1', true, page1),
      (s) => toggle(s, 'd5', true, page2),
      (s) => toggle(s, 'd5', true, page2),
      (s) => toggle(s, 'd1', false, page1),
    ),
    [
      [['d1'], false],
      [['d1', 'd5'], false],
      [['d1', 'd5'], false],
      [['d5'], false],
    ],
  )
})

test('the header box ticks and unticks the page, keeping the other pages', () => {
  assert.equal(
    walk(
      (s) => toggle(s, 'd4', true, page2),
      (s) => togglePage(s, page1, true),
      (s) => togglePage(s, page1, false),
    ),
    [
      [['d4'], false],
      [['d4', 'd1', 'd2', 'd3'], false],
      [['d4'], false],
    ],
  )
})

test('the header box reads all, some or none of the page', () => {
  const some = toggle(emptySelection(KEY), 'd2', true, page1)
  assert.equal(
    [pageState(emptySelection(KEY), page1), pageState(some, page1), pageState(togglePage(some, page1, true), page1), pageState(some, [])],
    ['none', 'some', 'all', 'none'],
  )
})

test('offers all matching once the page is all ticked and the list holds more', () => {
  const page = togglePage(emptySelection(KEY), page1, true)
  assert.ok(offersMatching(page, page1, 240))
  assert.not.ok(offersMatching(page, page1, 3), 'the page is the whole list')
  assert.not.ok(offersMatching(toggle(page, 'd1', false, page1), page1, 240), 'part of the page')
  assert.not.ok(offersMatching(selectMatching(page), page1, 240), 'already all')
})

test('all matching counts the server total, ticks every row, and names the filter, not ids', () => {
  const all = selectMatching(togglePage(emptySelection(KEY), page1, true))
  assert.is(selectedCount(all, 240), 240)
  assert.ok(isSelected(all, 'never-seen'))
  assert.equal(bulkSelectionOf(all, { q: ' gate ', filters: { status: ['online'], tag: [] } }), { q: 'gate', filters: { status: ['online'] } })
  assert.equal(bulkSelectionOf(all, { q: '', filters: { tag: ['lobby', 'hall'] } }), { filters: { tag: ['lobby', 'hall'] } })
  const picked = toggle(emptySelection(KEY), 'd2', true, page1)
  assert.is(selectedCount(picked, 240), 1)
  assert.equal(bulkSelectionOf(picked, { q: 'gate', filters: { status: ['online'] } }), { ids: ['d2'] })
})

test('unticking a row of all matching keeps the rest of that page, not the unseen pages', () => {
  const all = selectMatching(emptySelection(KEY))
  const next = toggle(all, 'd2', false, page1)
  assert.equal([next.all, next.ids], [false, ['d1', 'd3']])
  assert.equal(togglePage(all, page1, false), { key: KEY, all: false, ids: [] })
  assert.equal(toggle(all, 'd2', true, page1), all)
})

test('hand-picked ids stop at MAX_BULK_IDS', () => {
  const full = togglePage(emptySelection(KEY), ids(MAX_BULK_IDS + 5), true)
  assert.is(full.ids.length, MAX_BULK_IDS)
  assert.ok(isFull(full))
  assert.equal(toggle(full, 'one-more', true, ['one-more']).ids.length, MAX_BULK_IDS)
  assert.not.ok(toggle(full, 'one-more', true, ['one-more']).ids.includes('one-more'))
  assert.not.ok(isFull(toggle(full, 'id0', false, [])))
  assert.not.ok(isFull(selectMatching(full)))
})

test.run()
