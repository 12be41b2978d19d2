import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import type { OrganizationRecord } from '../../../../src/contract/organizations'
import { RIGHTS } from '../../../../src/contract/rights'
import OrganizationsScreen from '../../../../src/features/organizations/organizations-screen'
import { setToken } from '../../../../src/api/client'
import { closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { within } from '../../ui/testing'
import { cleanup, fireEvent, page, renderAt, resetSession, waitFor } from '../helpers'
import { listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'

let stub: RouteStub | undefined
let next = 0

const createOrganization = (overrides: Partial<OrganizationRecord> = {}): OrganizationRecord => ({
  id: `o-${++next}`,
  name: `Organization ${next}`,
  plan: 'free',
  member_count: 1,
  current: false,
  can_rename: true,
  created_at: '2025-01-10T08:00:00.000Z',
  updated_at: '2025-01-10T08:00:00.000Z',
  version: 1,
  ...overrides,
})

const home = createOrganization({ name: 'Analytical Engines', current: true, member_count: 4 })
const away = createOrganization({ name: 'Difference Engines', can_rename: false, member_count: 9 })

test.before.each(() => {
  resetSession()
  setToken('token-1')
  const user = createUser({ rights: [...RIGHTS], organization: { id: home.id, name: home.name }, organizations: [home, away].map(({ id, name }) => ({ id, name })) })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  closeNotice()
})

const open = (routes: Record<string, Handler>) => {
  stub = routeFetch(routes)
  return renderAt(
    '/app/organizations',
    <Route path="/app" nest>
      <OrganizationsScreen />
    </Route>,
  )
}

const rowOf = (name: string) => page().getByText(name).closest('tr') as HTMLElement

test('marks the current organization and offers a switch to the others, and a rename where allowed', async () => {
  const { view } = open({ 'GET /organizations/': () => listReply([home, away]) })
  await waitFor(() => view.getByText('Difference Engines'))
  const current = within(rowOf('Analytical Engines'))
  assert.ok(current.getByText('Current'))
  assert.is(current.queryByRole('button', { name: /^Switch/ }), null)
  assert.ok(current.getByRole('button', { name: 'Rename Analytical Engines' }))
  const other = within(rowOf('Difference Engines'))
  assert.equal([other.getByText('Free').textContent, other.getByText('9').textContent], ['Free', '9'])
  assert.ok(other.getByRole('button', { name: 'Switch to Difference Engines' }))
  assert.is(other.queryByRole('button', { name: /^Rename/ }), null)
})

test('switches, reads the user again and goes home', async () => {
  const moved = createUser({ rights: ['devices'], organization: { id: away.id, name: away.name } })
  const { view, history } = open({
    'GET /organizations/': () => listReply([home, away]),
    [`POST /organizations/${away.id}/switch`]: () => ({ status: 200, body: moved }),
    'GET /users/self': () => ({ status: 200, body: moved }),
    // The stream is opened again after a switch; a refusal keeps it from retrying after the test.
    'GET /events': () => ({ status: 401, body: {} }),
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Switch to Difference Engines' })))
  await waitFor(() => assert.is(history.at(-1), '/app/home'))
  assert.is(stub!.seen(`POST /organizations/${away.id}/switch`).length, 1)
  assert.is($session.get().user?.organization.id, away.id)
})

test('creates an organization without switching, and offers to switch to it', async () => {
  const created = createOrganization({ name: 'Jacquard Looms' })
  let rows = [home, away]
  const { view, history } = open({
    'GET /organizations/': () => listReply(rows),
    'POST /organizations/': () => {
      rows = [...rows, created]
      return { status: 201, body: created }
    },
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New organization' })))
  const form = within(await view.findByRole('dialog', { name: 'New organization' }))
  fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Jacquard Looms' } })
  fireEvent.click(form.getByRole('button', { name: 'Create organization' }))
  const offer = within(await waitFor(() => view.getByRole('dialog', { name: '“Jacquard Looms” is ready' })))
  assert.equal(stub!.seen('POST /organizations/')[0]?.body, { name: 'Jacquard Looms' })
  assert.ok(offer.getByRole('button', { name: 'Switch to Jacquard Looms' }))
  fireEvent.click(offer.getByRole('button', { name: 'Stay here' }))
  await waitFor(() => view.getByText('Jacquard Looms'))
  assert.is(stub!.seen(`POST /organizations/${created.id}/switch`).length, 0)
  assert.is(history.at(-1), '/app/organizations')
})

test.run()
