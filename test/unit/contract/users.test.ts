import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { acceptFormErrors, UserInvite, UserUpdate } from '../../../src/contract/users'
import { check } from '../../../src/contract/validation'

test('an invite takes an address and at least one role id, each named once in the errors of `roles`', () => {
  assert.equal(check(UserInvite, { email: 'ada@example.com', roles: ['r-1'] }), { ok: true, value: { email: 'ada@example.com', roles: ['r-1'] } })
  assert.equal(check(UserInvite, { email: 'ada@', roles: [] }), { ok: false, errors: { email: 'validation.email', roles: 'validation.required' } })
  assert.equal(check(UserInvite, { email: 'ada@example.com', roles: ['x'.repeat(65)] }), { ok: false, errors: { roles: 'validation.invalid' } })
  assert.equal(check(UserInvite, { email: 'ada@example.com', roles: Array(101).fill('r') }), { ok: false, errors: { roles: 'validation.tooLong' } })
  assert.equal(check(UserInvite, { email: 'ada@example.com' }), { ok: false, errors: { roles: 'validation.required' } })
})

test("an update takes the record's own roles as sent back, and one of the three statuses", () => {
  const roles = [
    { id: 'r-1', name: 'Operator' },
    { id: 'r-2', name: 'Viewer' },
  ]
  assert.equal(check(UserUpdate, { roles, status: 'disabled' }), { ok: true, value: { roles: ['r-1', 'r-2'], status: 'disabled' } })
  assert.equal(check(UserUpdate, { roles: ['r-1'], status: 'sleeping' }), { ok: false, errors: { status: 'validation.invalid' } })
  assert.is(check(UserUpdate, { roles: [{ name: 'no id' }], status: 'active' }).ok, false)
})

test('the accept form asks for a name, a new password typed twice, and one without the address', () => {
  const email = 'nadia@example.com'
  assert.equal(acceptFormErrors({ name: 'Nadia', password: 'Long-enough-1', passwordConfirm: 'Long-enough-1' }, email), {})
  assert.equal(acceptFormErrors({ name: ' ', password: 'short', passwordConfirm: 'other' }, email), {
    name: 'validation.required',
    password: 'validation.passwordLength',
    passwordConfirm: 'validation.passwordsMatch',
  })
  assert.equal(acceptFormErrors({ name: 'Nadia', password: 'nadia@example.com!', passwordConfirm: 'nadia@example.com!' }, email), { password: 'validation.passwordEmail' })
})

test.run()
