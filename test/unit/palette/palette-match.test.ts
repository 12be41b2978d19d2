import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { matchScore, rankByQuery } from '../../../src/app/shell/palette/palette-match'

const ranked = (query: string, labels: string[]) => rankByQuery(query, labels, (label) => label)

test('every word of the query must begin some word of the entry, in any order', () => {
  assert.ok(matchScore('new key', 'New access key') > 0)
  assert.ok(matchScore('key new', 'New access key') > 0)
  assert.ok(matchScore('acc', 'New access key') > 0)
  assert.is(matchScore('new lock', 'New access key'), 0, 'one word matching is not enough')
  assert.is(matchScore('ess', 'New access key'), 0, 'the middle of a word is not its start')
})

test('ignores case, accents and punctuation', () => {
  assert.ok(matchScore('GERATE', 'Geräte & Verbindungen') > 0)
  assert.ok(matchScore('edge dev', 'Edge & Devices') > 0)
  assert.ok(matchScore('device', 'Open a tunnel on a device…') > 0)
})

test('the initials of following words match: "nak" is New access key', () => {
  assert.ok(matchScore('nak', 'New access key') > 0)
  assert.ok(matchScore('ak', 'Access Keys') > 0)
  assert.is(matchScore('nka', 'New access key'), 0)
})

test('an empty query matches everything alike', () => {
  assert.is(matchScore('', 'Anything'), matchScore('  ', 'Else'))
  assert.ok(matchScore('', 'Anything') > 0)
})

test('text without spaces between words (Chinese, Japanese) matches anywhere', () => {
  assert.ok(matchScore('设备', '边缘与设备') > 0)
  assert.is(matchScore('隧道', '边缘与设备'), 0)
})

test('ranks whole words before prefixes, prefixes before initials, and keeps the given order on a tie', () => {
  assert.equal(ranked('net', ['Network traffic', 'Net', 'Nice ethernet table']), ['Net', 'Network traffic', 'Nice ethernet table'])
  assert.equal(ranked('tun', ['Tunnels', 'Open a tunnel on a device…', 'Users']), ['Tunnels', 'Open a tunnel on a device…'])
  assert.equal(ranked('us', ['Users', 'User Control', 'Home']), ['Users', 'User Control'])
  assert.equal(ranked('', ['B', 'A']), ['B', 'A'])
})

test('words in the order typed and at the start rank first', () => {
  assert.equal(ranked('new key', ['Key for a new device', 'New access key']), ['New access key', 'Key for a new device'])
})

test.run()
