import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { KEPT_ANSWERS, keepAnswer, keptAnswer } from '../../../src/lib/kept-answers'
import { clearAll } from '../../../src/lib/storage'
import { $session, initialSession } from '../../../src/stores/session'
import { shelfOf } from '../../../src/stores/kept'
import { createUser } from '../contract/factories'

test.after.each(() => {
  clearAll()
  $session.set(initialSession())
})

test('keeps an answer per scope and question, with the time it was read', () => {
  keepAnswer('u1:o1', 'list:devices', { rows: [1] }, 1000)
  assert.equal(keptAnswer('u1:o1', 'list:devices'), { value: { rows: [1] }, at: 1000 })
  assert.is(keptAnswer('u1:o2', 'list:devices'), undefined, 'another organization sees nothing')
  assert.is(keptAnswer('u2:o1', 'list:devices'), undefined, 'another user sees nothing')
})

test(`keeps at most ${KEPT_ANSWERS}, the least recently written going first, and skips a huge one`, () => {
  for (let i = 0; i <= KEPT_ANSWERS; i++) keepAnswer('u1:o1', `q${i}`, i)
  assert.is(keptAnswer('u1:o1', 'q0'), undefined)
  assert.is(keptAnswer('u1:o1', `q${KEPT_ANSWERS}`)?.value, KEPT_ANSWERS)
  keepAnswer('u1:o1', 'big', 'x'.repeat(300_000))
  assert.is(keptAnswer('u1:o1', 'big'), undefined)
})

test('a sign-out wipes what was kept', () => {
  keepAnswer('u1:o1', 'summary', { n: 1 })
  clearAll()
  assert.is(keptAnswer('u1:o1', 'summary'), undefined)
})

test('a shelf belongs to the user and organization signed in when it was taken', () => {
  const user = createUser({ rights: ['devices'] })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
  const shelf = shelfOf<number>('summary')
  $session.set({ ...initialSession(), loggedIn: true, user: { ...user, organization: { id: 'other', name: 'Other' } }, uid: user.id })
  shelf.keep(7)
  assert.is(shelfOf<number>('summary').kept, undefined, 'the new organization has nothing')
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
  assert.is(shelfOf<number>('summary').kept?.value, 7)
  $session.set(initialSession())
  shelfOf<number>('x').keep(1)
  assert.is(keptAnswer('', 'x'), undefined, 'signed out, nothing is kept')
})

test.run()
