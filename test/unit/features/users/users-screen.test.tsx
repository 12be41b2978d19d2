import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import type { Right } from '../../../../src/contract/rights'
import UsersScreen from '../../../../src/features/users/users-screen'
import { $notice, closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { within } from '../../ui/testing'
import { cleanup, descriptionOf, fireEvent, page, renderAt, resetSession, waitFor } from '../helpers'
import { listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'
import { createMember, daysFromNow, ROLES } from './factories'

let stub: RouteStub | undefined
const LOCKOUT = 'This change would leave the organization without an active user who can manage roles'

const signIn = (rights: Right[]) => {
  const user = createUser({ rights })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
}

test.before.each(() => {
  resetSession()
  signIn(['users', 'roles'])
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  closeNotice()
})

const open = (routes: Record<string, Handler>, path = '/app/users') => {
  stub = routeFetch({ 'GET /roles/': () => listReply([ROLES.viewer, ROLES.operator, ROLES.admin]), ...routes })
  return renderAt(
    path,
    <Route path="/app" nest>
      <UsersScreen />
    </Route>,
  )
}

const rowOf = (text: string) => page().getByText(text).closest('tr') as HTMLElement
const buttonsOf = (text: string) => within(rowOf(text)).queryAllByRole('button').map((button) => button.textContent)

test('shows each member with roles as badges, status in words and the actions their state allows', async () => {
  const { view } = open({
    'GET /users/': () =>
      listReply([
        createMember({ name: 'Maya Chen', roles: [ROLES.operator, ROLES.viewer] }),
        createMember({ name: '', email: 'ravi@example.com', status: 'invited', invitation_expires_at: daysFromNow(4), last_sign_in: null, roles: [ROLES.viewer] }),
        createMember({ name: 'Old Invite', status: 'invited', invitation_expires_at: daysFromNow(-1), last_sign_in: null }),
        createMember({ name: 'Ahmed Hassan', status: 'disabled' }),
      ]),
  })
  await waitFor(() => view.getByText('Maya Chen'))
  assert.equal(within(rowOf('Maya Chen')).getAllByRole('listitem').map((item) => item.textContent), ['Operator', 'Viewer'])
  assert.ok(within(rowOf('Maya Chen')).getByText('Active'))
  assert.equal(buttonsOf('Maya Chen'), ['Roles', 'Disable', 'Remove'])
  const ravi = within(rowOf('ravi@example.com'))
  assert.ok(ravi.getByText('No name yet'))
  assert.ok(ravi.getByText('Invited'))
  assert.match(rowOf('ravi@example.com').textContent ?? '', /Link ends in 3 d|Link ends in 4 d/)
  assert.equal(buttonsOf('ravi@example.com'), ['Roles', 'Send again', 'Withdraw'])
  assert.ok(within(rowOf('Old Invite')).getByText('Invitation expired'))
  assert.equal(buttonsOf('Ahmed Hassan'), ['Roles', 'Enable', 'Remove'])
  assert.ok(within(rowOf('Ahmed Hassan')).getByRole('button', { name: 'Enable Ahmed Hassan' }))
})

test('filters by status and by a role read from /roles/, in the request and the address', async () => {
  const { view, history } = open({ 'GET /users/': () => listReply([createMember({ name: 'Maya Chen' })]) })
  const role = (await waitFor(() => view.getByRole('combobox', { name: 'Role' }))) as HTMLSelectElement
  await waitFor(() => assert.equal([...role.options].map((option) => option.textContent), ['All roles', 'Administrator', 'Operator', 'Viewer']))
  fireEvent.change(view.getByRole('combobox', { name: 'Status' }), { target: { value: 'invited' } })
  await waitFor(() => assert.is(decodeURIComponent(stub!.seen('GET /users/').at(-1)?.url ?? '').includes('filter[status]=invited'), true))
  fireEvent.change(role, { target: { value: ROLES.operator.id } })
  await waitFor(() => assert.ok(decodeURIComponent(stub!.seen('GET /users/').at(-1)?.url ?? '').includes(`filter[role]=${ROLES.operator.id}`)))
  assert.match(history.at(-1) ?? '', /status=invited&role=r-operator/)
})

test('hides the role filter from a viewer without the roles right, and never asks for roles', async () => {
  signIn(['users'])
  const { view } = open({ 'GET /users/': () => listReply([createMember({ name: 'Maya Chen' })]) })
  await waitFor(() => view.getByText('Maya Chen'))
  assert.ok(view.getByRole('combobox', { name: 'Status' }))
  assert.is(view.queryByRole('combobox', { name: 'Role' }), null)
  assert.equal(stub!.seen('GET /roles/'), [])
})

test('invites with an address and roles, and shows the server refusal under its field', async () => {
  let answer = { status: 400, body: { message: 'Some fields are not valid', errors: { email: 'Invalid email' } } } as { status: number; body: unknown }
  const { view } = open({ 'GET /users/': () => listReply([]), 'POST /users/': () => answer })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Invite user' })))
  const dialog = within(await view.findByRole('dialog', { name: 'Invite a user' }))
  await waitFor(() => dialog.getByRole('checkbox', { name: 'Viewer' }))
  fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }))
  assert.is(descriptionOf(dialog.getByLabelText('E-mail')), 'Required')
  assert.ok(dialog.getByText('Choose at least one role'))
  assert.equal(stub!.seen('POST /users/'), [], 'nothing is sent while the form is wrong')

  fireEvent.change(dialog.getByLabelText('E-mail'), { target: { value: 'new@example.org' } })
  fireEvent.click(dialog.getByRole('checkbox', { name: 'Viewer' }))
  fireEvent.click(dialog.getByRole('checkbox', { name: 'Operator' }))
  fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }))
  await waitFor(() => assert.is(descriptionOf(dialog.getByLabelText('E-mail')), 'Invalid email'))
  assert.equal(stub!.seen('POST /users/')[0]?.body, { email: 'new@example.org', roles: ['r-operator', 'r-viewer'] })

  answer = { status: 201, body: createMember({ email: 'fixed@example.org', name: '', status: 'invited', invitation_expires_at: daysFromNow(7) }) }
  fireEvent.change(dialog.getByLabelText('E-mail'), { target: { value: 'fixed@example.org' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Send invitation' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.is($notice.get()?.message, 'Invitation sent to fixed@example.org')
})

test("shows the server's lockout refusal in the disable dialog, which stays open", async () => {
  const self = createMember({ name: 'Only Admin', roles: [ROLES.admin], version: 4 })
  const { view } = open({
    'GET /users/': () => listReply([self]),
    [`PUT /users/${self.id}`]: () => ({ status: 409, body: { message: LOCKOUT } }),
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Disable Only Admin' })))
  const dialog = within(await view.findByRole('dialog', { name: 'Disable Only Admin?' }))
  fireEvent.click(dialog.getByRole('button', { name: 'Disable user' }))
  await waitFor(() => dialog.getByText(LOCKOUT))
  assert.equal(stub!.seen(`PUT /users/${self.id}`)[0]?.body, { roles: ['r-admin'], status: 'disabled', version: 4 })
  assert.ok(await view.findByRole('dialog', { name: 'Disable Only Admin?' }))
})

test('changes roles with the version read, and sends an invitation again at once', async () => {
  const maya = createMember({ name: 'Maya Chen', roles: [ROLES.operator], version: 2 })
  const ravi = createMember({ name: 'Ravi Kumar', status: 'invited', invitation_expires_at: daysFromNow(1) })
  const { view } = open({
    'GET /users/': () => listReply([maya, ravi]),
    [`PUT /users/${maya.id}`]: () => ({ status: 200, body: { ...maya, roles: [ROLES.viewer], version: 3 } }),
    [`POST /users/${ravi.id}/invitation`]: () => ({ status: 200, body: { ...ravi, version: 2 } }),
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Change the roles of Maya Chen' })))
  const dialog = within(await view.findByRole('dialog', { name: 'Roles of Maya Chen' }))
  await waitFor(() => dialog.getByRole('checkbox', { name: 'Viewer' }))
  assert.is((dialog.getByRole('checkbox', { name: 'Operator' }) as HTMLInputElement).checked, true)
  fireEvent.click(dialog.getByRole('checkbox', { name: 'Operator' }))
  fireEvent.click(dialog.getByRole('checkbox', { name: 'Viewer' }))
  fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.equal(stub!.seen(`PUT /users/${maya.id}`)[0]?.body, { roles: ['r-viewer'], status: 'active', version: 2 })

  fireEvent.click(view.getByRole('button', { name: 'Send again to Ravi Kumar' }))
  await waitFor(() => assert.is($notice.get()?.message, 'users.resentNotice'))
  assert.is(stub!.seen(`POST /users/${ravi.id}/invitation`).length, 1)
})

test.run()
