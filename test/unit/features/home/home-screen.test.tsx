import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import HomeScreen from '../../../../src/features/home/home-screen'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { cleanup, renderAt, resetSession } from '../helpers'

test.before.each(() => {
  resetSession()
  const user = createUser({ name: 'Ada Lovelace', rights: ['devices', 'access_keys'] })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
})
test.after.each(cleanup)

const open = () =>
  renderAt(
    '/app/home',
    <Route path="/app" nest>
      <HomeScreen />
    </Route>,
  )

test('greets the user with the organization and the rights', () => {
  const { view } = open()
  assert.ok(view.getByRole('heading', { level: 2, name: 'Hello, Ada Lovelace' }))
  assert.ok(view.getByText('Analytical Engines'))
  assert.equal(
    view.getAllByRole('listitem').map((item) => item.textContent),
    ['Edge & Devices', 'Access keys'],
  )
})

test('shows the fleet at a glance before the rights, under a one-line greeting', () => {
  const { view } = open()
  const glance = view.getByRole('heading', { name: 'At a glance' })
  const rights = view.getByRole('heading', { name: 'Your rights' })
  assert.ok(glance.compareDocumentPosition(rights) & Node.DOCUMENT_POSITION_FOLLOWING, 'the tiles come first')
  const greeting = view.getByRole('heading', { level: 2, name: 'Hello, Ada Lovelace' })
  assert.ok(greeting.compareDocumentPosition(glance) & Node.DOCUMENT_POSITION_FOLLOWING)
})

test('says so when the user has no rights', () => {
  $session.setKey('user', createUser({ rights: [] }))
  const { view } = open()
  assert.is(view.queryByRole('list'), null)
  assert.ok(view.getByText(/No rights have been given to you yet/))
})

test.run()
