import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { RIGHTS, type Right } from '../../../../src/contract/rights'
import RolesScreen from '../../../../src/features/roles/roles-screen'
import { closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { within } from '../../ui/testing'
import { cleanup, fireEvent, page, renderAt, resetSession, waitFor } from '../helpers'
import { listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'
import { createAdministrator, createRole } from './factories'

let stub: RouteStub | undefined

const signIn = (rights: Right[]) => {
  const user = createUser({ rights })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
}

test.before.each(() => {
  resetSession()
  signIn([...RIGHTS])
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  closeNotice()
})

const open = (routes: Record<string, Handler>) => {
  stub = routeFetch(routes)
  return renderAt(
    '/app/roles',
    <Route path="/app" nest>
      <RolesScreen />
    </Route>,
  ).view
}

const rowOf = (name: string) => page().getByText(name).closest('tr') as HTMLElement

test('lists roles with their rights, members and the built-in mark; the built-in one has no delete', async () => {
  const operatorsRole = createRole({ name: 'Operators', description: 'Night shift', rights: ['devices', 'tunnels', 'network', 'traffic'], member_count: 12 })
  const view = open({ 'GET /roles/': () => listReply([createAdministrator(), operatorsRole]) })
  await waitFor(() => view.getByText('Operators'))
  const admin = within(rowOf('Administrator'))
  assert.ok(admin.getByText('Built-in'))
  assert.ok(admin.getByRole('list', { name: '11 rights' }))
  assert.is(admin.queryByRole('button', { name: 'Delete Administrator' }), null)
  const operators = within(rowOf('Operators'))
  assert.equal(operators.getAllByRole('listitem').map((item) => item.textContent), ['Edge & Devices', 'Tunnels', '+2 more'])
  assert.ok(operators.getByText('12'))
  assert.ok(operators.getByRole('button', { name: 'Delete Operators' }))
  assert.is(operators.getByRole('link', { name: 'Operators' }).getAttribute('href'), `/app/roles/details?id=${operatorsRole.id}`)
})

test('the new-role dialog submits with a button that says what it does', async () => {
  const created = createRole({ name: 'Night shift', rights: [] })
  const view = open({ 'GET /roles/': () => listReply([createAdministrator()]), 'POST /roles/': () => ({ status: 201, body: created }) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New role' })))
  const dialog = within(await view.findByRole('dialog', { name: 'New role' }))
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Night shift' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Create role' }))
  await waitFor(() => assert.is(stub!.seen('POST /roles/').length, 1))
})

test('says before a save, from the server, whom the change reaches, and saves with the version', async () => {
  const role = createRole({ name: 'Support', rights: ['devices'], version: 4, member_count: 12 })
  const previews: unknown[] = []
  const view = open({
    'GET /roles/': () => listReply([role]),
    [`POST /roles/${role.id}/preview`]: ({ body }) => {
      previews.push(body)
      const rights = (body as { rights: string[] }).rights
      return { status: 200, body: rights.includes('billing') ? { grants: { billing: 3 }, removes: rights.includes('devices') ? {} : { devices: 12 } } : { grants: {}, removes: {} } }
    },
    [`PUT /roles/${role.id}`]: ({ body }) => ({ status: 200, body: { ...role, ...(body as object), version: 5 } }),
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Edit Support' })))
  const dialog = within(await view.findByRole('dialog', { name: 'Edit the role “Support”' }))
  await waitFor(() => dialog.getByText('Nobody gains or loses a right with this change.'))
  assert.ok(dialog.getByText(/^Invite people, change their roles, disable or remove them/), 'each right says what it opens')

  fireEvent.click(dialog.getByRole('checkbox', { name: /^Billing/ }))
  fireEvent.click(dialog.getByRole('checkbox', { name: /^Edge & Devices/ }))
  await waitFor(() => dialog.getByText('Grants Billing to 3 users, removes Edge & Devices from 12 users.'))
  assert.equal(previews.at(-1), { rights: ['billing'] })

  fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.equal(stub!.seen(`PUT /roles/${role.id}`)[0]?.body, { name: 'Support', description: '', rights: ['billing'], version: 4 })
})

test("keeps the Administrator role's name and rights out of reach, and offers no right the user does not hold", async () => {
  signIn(['roles', 'devices'])
  const admin = createAdministrator()
  const custom = createRole({ name: 'Billing clerks', rights: ['billing'] })
  const view = open({
    'GET /roles/': () => listReply([admin, custom]),
    [`POST /roles/${custom.id}/preview`]: () => ({ status: 200, body: { grants: {}, removes: {} } }),
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Edit Administrator' })))
  let dialog = within(await view.findByRole('dialog'))
  assert.ok((dialog.getByLabelText('Name') as HTMLInputElement).readOnly)
  assert.ok(dialog.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled && (box as HTMLInputElement).checked))
  fireEvent.click(dialog.getAllByRole('button', { name: 'Cancel' }).at(-1)!)

  fireEvent.click(view.getByRole('button', { name: 'Edit Billing clerks' }))
  dialog = within(await view.findByRole('dialog'))
  const enabled = (name: string) => !(dialog.getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement).disabled
  // Billing stays removable though the user lacks it; Users cannot be given.
  assert.equal(['Billing', 'Edge & Devices', 'Roles', 'Users'].map(enabled), [true, true, true, false])
})

test('a right comes with what it needs, checked and noted, and keeps it while checked; a need the user lacks keeps the right out of reach', async () => {
  const created = createRole({ name: 'Tunnel openers', rights: ['devices', 'tunnels'] })
  const view = open({ 'GET /roles/': () => listReply([createAdministrator()]), 'POST /roles/': () => ({ status: 201, body: created }) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New role' })))
  const dialog = within(await view.findByRole('dialog', { name: 'New role' }))
  const box = (name: string) => dialog.getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement
  assert.match(box('Tunnels').labels![0]!.textContent!, 'Needs Edge & Devices: granted with it')
  fireEvent.click(box('Tunnels'))
  assert.equal([box('Tunnels').checked, box('Edge & Devices').checked, box('Edge & Devices').disabled], [true, true, true])
  assert.match(box('Edge & Devices').labels![0]!.textContent!, 'Needed by Tunnels: kept while it is granted')
  fireEvent.click(box('Users'))
  assert.equal([box('Users').checked, box('Roles').checked], [true, true])
  fireEvent.click(box('Users'))
  // Unchecking the right frees its need, which stays checked until unchecked itself.
  assert.equal([box('Roles').checked, box('Roles').disabled], [true, false])
  fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Tunnel openers' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Create role' }))
  await waitFor(() => assert.is(stub!.seen('POST /roles/').length, 1))
  assert.equal((stub!.seen('POST /roles/')[0]!.body as { rights: string[] }).rights, ['roles', 'devices', 'tunnels'])
  cleanup()
  stub?.restore()

  signIn(['roles', 'tunnels'])
  const narrow = open({ 'GET /roles/': () => listReply([createAdministrator()]) })
  fireEvent.click(await waitFor(() => narrow.getByRole('button', { name: 'New role' })))
  const limited = within(await narrow.findByRole('dialog', { name: 'New role' }))
  const tunnels = limited.getByRole('checkbox', { name: /^Tunnels/ }) as HTMLInputElement
  assert.ok(tunnels.disabled)
  assert.match(tunnels.labels![0]!.textContent!, 'Needs Edge & Devices, which you do not hold, so you cannot grant it')
})

test('deletes a role after saying what its holders lose', async () => {
  const role = createRole({ name: 'Temps', rights: ['devices'], member_count: 2 })
  let roles = [role]
  const view = open({
    'GET /roles/': () => listReply(roles),
    [`POST /roles/${role.id}/preview`]: ({ body }) => ({ status: 200, body: (body as { delete?: boolean }).delete ? { grants: {}, removes: { devices: 2 } } : { grants: {}, removes: {} } }),
    [`DELETE /roles/${role.id}`]: () => {
      roles = []
      return { status: 200, body: role }
    },
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Delete Temps' })))
  const dialog = within(await view.findByRole('dialog', { name: 'Delete the role “Temps”?' }))
  await waitFor(() => dialog.getByText('Removes Edge & Devices from 2 users.'))
  fireEvent.click(dialog.getByRole('button', { name: 'Delete' }))
  await waitFor(() => assert.is(stub!.seen(`DELETE /roles/${role.id}`).length, 1))
  await waitFor(() => assert.is(view.queryByText('Temps'), null))
})

test.run()
