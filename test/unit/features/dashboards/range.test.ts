import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readRange, writeRange } from '../../../../src/ui/charts/range'

const search = (query: string) => new URLSearchParams(query)

test('reads the range of the address, 24 hours when it names none or a wrong one', () => {
  assert.equal(['range=1h', 'range=7d', 'range=24h', '', 'range=30d', 'range=1H', 'range=toString'].map((q) => readRange(search(q))), [
    '1h',
    '7d',
    '24h',
    '24h',
    '24h',
    '24h',
    '24h',
  ])
})

test('writes a chosen range into the address and leaves the default out, keeping the rest', () => {
  assert.is(writeRange(search('tab=x'), '7d').toString(), 'tab=x&range=7d')
  assert.is(writeRange(search('range=1h&tab=x'), '24h').toString(), 'tab=x')
})

test.run()
