import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { GB } from '../../../src/contract/plans'
import { $locale } from '../../../src/stores/locale'
import { formatBytes, formatGb } from '../../../src/ui/numbers'

/** Without the isolation marks and with plain spaces, as a reader sees it. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\s/g, ' ')

test.after.each(() => $locale.set('en'))

test('writes bytes in decimal units up to PB, one decimal past bytes', () => {
  assert.equal([0, 999, 1000, 1_234_567, 5e9, 512.3e9, 2e12, 3.25e12, 7e15, 9e18].map((n) => plain(formatBytes(n))), [
    '0 B',
    '999 B',
    '1 kB',
    '1.2 MB',
    '5 GB',
    '512.3 GB',
    '2 TB',
    '3.3 TB',
    '7 PB',
    '9,000 PB',
  ])
})

test("states the plans' traffic as the plan card and the landing page show it", () => {
  assert.equal([5 * GB, 500 * GB, 5000 * GB].map((n) => plain(formatBytes(n))), ['5 GB', '500 GB', '5 TB'])
})

test('keeps the figure and its unit together, isolated left to right', () => {
  assert.is(formatBytes(2_500_000), '\u20662.5\u00a0MB\u2069')
})

test('writes the figure as the language of the console does', () => {
  $locale.set('de')
  assert.is(plain(formatBytes(512.3e9)), '512,3 GB')
})

test('counts traffic as an invoice does: whole GB, under one GB in its unit', () => {
  assert.equal([formatGb(534.075 * GB), formatGb(5000 * GB)], ['534 GB', '5,000 GB'])
  assert.is(plain(formatGb(0.4 * GB)), '400 MB')
})

test.run()
