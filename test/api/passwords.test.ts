import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPasswords, MAX_WAITING, PasswordsBusy } from '../../src/server/auth/passwords'

test('a flood of checks past the queue is turned away at once, and the queue still works', async () => {
  const passwords = createPasswords(1024)
  const stored = await passwords.hash('flood-Password-1')
  const outcomes = await Promise.allSettled(Array.from({ length: MAX_WAITING + 100 }, () => passwords.verify('wrong', stored)))
  const busy = outcomes.filter((outcome) => outcome.status === 'rejected' && outcome.reason instanceof PasswordsBusy).length
  const checked = outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value === false).length
  assert.ok(busy >= 98 && busy <= 100, `${busy} turned away`)
  assert.is(busy + checked, MAX_WAITING + 100)
  assert.is(await passwords.verify('flood-Password-1', stored), true)
})

test('hashes in NFKC form, so the full-width spelling of a password verifies', async () => {
  const passwords = createPasswords(1024)
  const stored = await passwords.hash('ｆｕｌｌ-Ｗｉｄｔｈ-１')
  assert.is(await passwords.verify('full-Width-1', stored), true)
  assert.is(await passwords.verify('full-Width-2', stored), false)
})

test.run()
