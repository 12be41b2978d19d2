import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { displayName, methodKey, roleChoices, userState } from '../../../../src/features/users/user-values'
import { createMember, daysFromNow, ROLES } from './factories'

test('tells an open invitation from one past its end, and passes other states through', () => {
  const now = Date.now()
  assert.is(userState(createMember({ status: 'invited', invitation_expires_at: daysFromNow(2) }), now), 'invited')
  assert.is(userState(createMember({ status: 'invited', invitation_expires_at: daysFromNow(-0.01) }), now), 'expired')
  assert.is(userState(createMember({ status: 'invited', invitation_expires_at: null }), now), 'expired', 'a swept link is no link')
  assert.is(userState(createMember({ status: 'disabled' }), now), 'disabled')
  assert.is(userState(createMember({ status: 'active', invitation_expires_at: daysFromNow(-3) }), now), 'active')
})

test('names a member by their name, or by their address until they choose one', () => {
  assert.is(displayName(createMember({ name: 'Maya Chen', email: 'maya@example.com' })), 'Maya Chen')
  assert.is(displayName(createMember({ name: '  ', email: 'new@example.com' })), 'new@example.com')
})

test("offers the organization's roles by name, else the roles the rows show, each once", () => {
  const known = [ROLES.viewer, ROLES.admin, ROLES.operator]
  assert.equal(roleChoices(known, []), [ROLES.admin, ROLES.operator, ROLES.viewer])
  const rows = [createMember({ roles: [ROLES.viewer, ROLES.operator] }), createMember({ roles: [ROLES.operator] }), createMember({ roles: [] })]
  assert.equal(roleChoices(null, rows), [ROLES.operator, ROLES.viewer])
  assert.equal(roleChoices([], rows), [], 'an organization without roles offers none')
})

test('has a text for the sign-in methods it knows and none for a provider it does not', () => {
  assert.is(methodKey('invitation'), 'users.methods.invitation')
  assert.is(methodKey('github'), 'users.methods.github')
  assert.is(methodKey('gitlab'), undefined)
})

test.run()
