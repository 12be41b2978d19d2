import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { codeMatches, makeCode } from '../../../../src/demo/forms/reset-code'

/** A fixed sequence of draws, as a seeded source gives. */
const draws = (...values: number[]) => {
  let index = 0
  return () => values[index++ % values.length]!
}

test('a code is six digits, leading zeros kept, from the source it is given', () => {
  const random = draws(0.123456, 0.000042, 0, 0.9999999)
  assert.equal([makeCode(random), makeCode(random), makeCode(random), makeCode(random)], ['123456', '000042', '000000', '999999'])
})

test('with no source given, codes are still six digits', () => {
  for (let i = 0; i < 50; i++) assert.match(makeCode(), /^\d{6}$/)
})

test('only the code that was sent matches, spaces around it aside', () => {
  assert.ok(codeMatches('042017', '042017'))
  assert.ok(codeMatches('042017', ' 042017 '))
  assert.not.ok(codeMatches('042017', '42017'), 'the leading zero counts')
  assert.not.ok(codeMatches('042017', '042018'))
  assert.not.ok(codeMatches('042017', '0420 17'))
  assert.not.ok(codeMatches('042017', ''))
  assert.not.ok(codeMatches(null, ''), 'no code sent, nothing matches')
  assert.not.ok(codeMatches(null, 'null'))
})

test.run()
