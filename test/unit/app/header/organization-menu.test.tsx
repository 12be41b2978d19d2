import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { setToken } from '../../../../src/api/client'
import { OrganizationMenu } from '../../../../src/app/shell/header/organization-menu'
import { closeNotice } from '../../../../src/stores/notices'
import { $checking, $session, initialSession } from '../../../../src/stores/session'
import '../../../../src/ui/console-texts'
import { createUser } from '../../contract/factories'
import { act, cleanup, fireEvent, renderAt, resetSession, waitFor } from '../../features/helpers'
import { routeFetch, type RouteStub } from '../../features/route-stub'

const { configure } = await import('@testing-library/react')
configure({ asyncUtilTimeout: 5000 })

const A = { id: 'o-a', name: 'Analytical Engines' }
const B = { id: 'o-b', name: 'Difference Engines' }
let stub: RouteStub | undefined

const signIn = (overrides: Parameters<typeof createUser>[0] = {}) => {
  const user = createUser({ rights: ['organizations', 'devices'], organization: A, organizations: [A, B], ...overrides })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
  setToken('token-1')
}

test.before.each(() => {
  resetSession()
  signIn()
})
test.after.each(() => {
  $checking.set(false)
  cleanup()
  stub?.restore()
  stub = undefined
  closeNotice()
})

const open = (path = '/app/devices') =>
  renderAt(
    path,
    <Route path="/app" nest>
      <OrganizationMenu />
    </Route>,
  )

test('shows nothing to a member of one organization', async () => {
  signIn({ organizations: [A] })
  const { view } = open()
  // Long enough for the switcher's code to arrive, were it wanted.
  await act(() => new Promise((resolve) => setTimeout(resolve, 100)))
  assert.is(view.queryByRole('button'), null)
})

test('names the current organization and switches to another from its menu, then goes home', async () => {
  const moved = createUser({ rights: ['devices'], organization: B, organizations: [A, B] })
  stub = routeFetch({
    'POST /organizations/o-b/switch': () => ({ status: 200, body: moved }),
    'GET /users/self': () => ({ status: 200, body: moved }),
    // The stream is opened again after a switch; a refusal keeps it from retrying after the test.
    'GET /events': () => ({ status: 401, body: {} }),
  })
  const { view, history } = open()
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Organization: Analytical Engines. Switch organization' })))
  const items = await waitFor(() => view.getAllByRole('menuitemradio'))
  assert.equal(items.map((item) => [item.textContent, item.getAttribute('aria-checked')]), [
    ['Analytical Engines', 'true'],
    ['Difference Engines', 'false'],
  ])
  assert.ok(view.getByRole('menuitem', { name: 'Manage organizations…' }))
  fireEvent.click(items[1]!)
  await waitFor(() => assert.is(history.at(-1), '/app/home'))
  assert.is(stub.seen('POST /organizations/o-b/switch').length, 1)
  await waitFor(() => view.getByRole('button', { name: 'Organization: Difference Engines. Switch organization' }))
})

test('goes home when the organization changes elsewhere, e.g. in another tab', async () => {
  const { history } = open('/app/devices/details?id=d-1')
  assert.is(history.at(-1), '/app/devices/details?id=d-1')
  act(() => signIn({ organization: B }))
  await waitFor(() => assert.is(history.at(-1), '/app/home'))
})

test('stays where it is when the live user replaces the kept one of another organization', async () => {
  $checking.set(true)
  const { history } = open('/app/devices')
  act(() => {
    signIn({ organization: B })
    $checking.set(false)
  })
  // Long enough for the effect that would go home.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  assert.equal(history, ['/app/devices'])
  act(() => signIn({ organization: A }))
  await waitFor(() => assert.is(history.at(-1), '/app/home'), { timeout: 1000 })
})

test.run()
