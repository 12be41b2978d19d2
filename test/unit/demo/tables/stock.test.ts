import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { addItem, checkDraft, draftOf, EMPTY_DRAFT, removeItem, STOCK, updateItem, type Draft, type StockItem } from '../../../../src/demo/tables/stock'

const createDraft = (overrides: Partial<Draft> = {}): Draft => ({ name: 'Edge probe X1', category: 'sensor', quantity: '4', price: '19.90', ...overrides })
const errorsOf = (draft: Draft) => {
  const result = checkDraft(draft)
  return result.ok ? {} : result.errors
}

test('a valid draft reads as a row: the name trimmed, the numbers as numbers', () => {
  assert.equal(checkDraft(createDraft({ name: '  Edge probe X1 ', quantity: ' 4 ', price: '19.90' })), {
    ok: true,
    value: { name: 'Edge probe X1', category: 'sensor', quantity: 4, price: 19.9 },
  })
  assert.equal(checkDraft(createDraft({ quantity: '0', price: '0' })).ok, true, 'zero of each is fine')
})

test('a name is required', () => {
  assert.equal(errorsOf(createDraft({ name: '' })), { name: 'validation.required' })
  assert.equal(errorsOf(createDraft({ name: '   ' })), { name: 'validation.required' })
})

test('a quantity is a whole number of at least 0', () => {
  for (const quantity of ['-1', '1.5', '1e3', 'four', '0x10', '+3', '1,000']) assert.equal(errorsOf(createDraft({ quantity })), { quantity: 'demo-tables.stock.badQuantity' }, quantity)
  assert.equal(errorsOf(createDraft({ quantity: '' })), { quantity: 'validation.required' })
})

test('a price is a number of at least 0', () => {
  for (const price of ['-0.01', '-5', 'free', '1e3', '12.', '.5', 'Infinity', '12,50']) assert.equal(errorsOf(createDraft({ price })), { price: 'demo-tables.stock.badPrice' }, price)
  assert.equal(errorsOf(createDraft({ price: ' ' })), { price: 'validation.required' })
})

test('every wrong field is told at once', () => {
  assert.equal(errorsOf({ ...EMPTY_DRAFT, quantity: '-1', price: '' }), { name: 'validation.required', quantity: 'demo-tables.stock.badQuantity', price: 'validation.required' })
})

test('a row is added under an id of its own, edited by id and deleted by id, the others untouched', () => {
  const value = { name: 'Edge probe X1', category: 'sensor', quantity: 4, price: 19.9 } as const
  const added = addItem(STOCK, value)
  assert.equal(added.at(-1), { id: 13, ...value })
  assert.equal(added.slice(0, -1), [...STOCK])
  assert.is(addItem([], value)[0]?.id, 1)
  const edited = updateItem(added, 3, { ...value, name: 'Uplink R3' })
  assert.equal(edited.find((row) => row.id === 3), { id: 3, ...value, name: 'Uplink R3' })
  assert.equal(edited.filter((row) => row.id !== 3), added.filter((row) => row.id !== 3))
  const removed = removeItem(edited, 3)
  assert.is(removed.length, 12)
  assert.not.ok(removed.some((row) => row.id === 3))
  assert.equal(removeItem(removed, 404), removed)
  // A removed id is not handed out again while a higher one is in use.
  assert.is(addItem(removed, value).at(-1)?.id, 14)
})

test('a row opens in its editor as it is', () => {
  const row: StockItem = STOCK[2]!
  assert.equal(draftOf(row), { name: 'Uplink R2', category: 'router', quantity: '15', price: '189.9' })
  assert.equal(checkDraft(draftOf(row)), { ok: true, value: { name: row.name, category: row.category, quantity: row.quantity, price: row.price } })
})

test.run()
