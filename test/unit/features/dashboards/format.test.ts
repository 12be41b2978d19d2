import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { $locale } from '../../../../src/stores/locale'
import { formatBytes, formatNumber, formatShare } from '../../../../src/ui/charts/format'

/** Without the isolation marks and with plain spaces, as a reader sees it. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\s/g, ' ')

test.after.each(() => $locale.set('en'))

test('writes bytes in the largest unit that keeps the figure at 1 or more', () => {
  assert.equal([0, 999, 1000, 1500, 2_500_000, 3_200_000_000, 4e12].map((n) => plain(formatBytes(n))), [
    '0 B',
    '999 B',
    '1 kB',
    '1.5 kB',
    '2.5 MB',
    '3.2 GB',
    '4 TB',
  ])
})

test('isolates a byte figure left to right, so it keeps its order in Arabic', () => {
  const text = formatBytes(1500)
  assert.ok(text.startsWith('\u2066') && text.endsWith('\u2069'), text)
})

test('groups and marks decimals as the language of the console does', () => {
  $locale.set('de')
  assert.is(plain(formatBytes(1_500)), '1,5 kB')
  assert.is(formatNumber(12_345.6), '12.345,6')
  $locale.set('en')
  assert.is(formatNumber(12_345.6), '12,345.6')
  $locale.set('ar')
  assert.is(formatNumber(12), new Intl.NumberFormat('ar').format(12))
})

test('writes a share as a percentage, and an empty whole as none', () => {
  assert.is(plain(formatShare(1, 4)), '25%')
  assert.is(plain(formatShare(3, 0)), '0%')
})

test.run()
