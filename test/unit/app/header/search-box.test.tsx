import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { SearchBox } from '../../../../src/app/shell/header/search-box'
import type { Right } from '../../../../src/contract/rights'
import { $session, initialSession } from '../../../../src/stores/session'
import '../../../../src/ui/console-texts'
import { createUser } from '../../contract/factories'
import { cleanup, fireEvent, renderAt, resetSession } from '../../features/helpers'

const ALL_RIGHTS: Right[] = ['organizations', 'billing', 'access_keys', 'users', 'roles', 'devices', 'tunnels', 'app_ids', 'network', 'traffic']

const signInWith = (rights: Right[]) => {
  const user = createUser({ rights })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
}

test.before.each(() => {
  resetSession()
  signInWith(ALL_RIGHTS)
})
test.after.each(cleanup)

const open = () => {
  const rendered = renderAt(
    '/app/home',
    <Route path="/app" nest>
      <SearchBox />
    </Route>,
  )
  const box = rendered.view.getByRole('combobox', { name: 'Search the menu' })
  fireEvent.focus(box)
  return { ...rendered, box }
}

const type = (box: HTMLElement, text: string) => fireEvent.change(box, { target: { value: text } })
const names = (view: ReturnType<typeof open>['view']) =>
  view.queryAllByRole('option').map((option) => option.querySelector('span')?.textContent)

test('suggests nothing for an empty query', () => {
  const { view, box } = open()
  type(box, '   ')
  assert.equal(names(view), [])
  assert.is(box.getAttribute('aria-expanded'), 'false')
})

test('matches a substring of the name, ignoring case', () => {
  const { view, box } = open()
  type(box, 'TUNN')
  assert.equal(names(view), ['Tunnels'])
  type(box, 'ffic')
  assert.equal(names(view), ['Traffic'])
  assert.is(box.getAttribute('aria-expanded'), 'true')
  assert.is(box.getAttribute('aria-controls'), view.getByRole('listbox', { hidden: true }).id)
})

test('searches only entries with a link, never group names', () => {
  const { view, box } = open()
  type(box, 'Inventory')
  assert.equal(names(view), [])
  type(box, 'account')
  assert.equal(names(view), [], 'the group Account and its heading have no link')
})

test('suggests at most 5 entries', () => {
  const { view, box } = open()
  type(box, 'e')
  assert.equal(names(view), ['Home', 'Access Keys', 'API reference', 'Users', 'Roles'], 'Tunnels, Network... match too')
})

test('suggests only entries the user may see', () => {
  signInWith(['users'])
  const { view, box } = open()
  type(box, 'e')
  // The demo pages are open to everyone signed in.
  assert.equal(names(view), ['Home', 'API reference', 'Users', 'E-mail', 'Calendar'])
  type(box, 'devices')
  assert.equal(names(view), [])
})

test('Enter goes to the first suggestion and clears the box', () => {
  const { box, history } = open()
  type(box, 'tun')
  fireEvent.keyDown(box, { key: 'Enter' })
  assert.equal(history, ['/app/home', '/app/tunnels'])
  assert.is((box as HTMLInputElement).value, '')
})

test('arrow keys move the highlight, wrapping, and Enter goes to it', () => {
  const { view, box, history } = open()
  type(box, 'r')
  assert.equal(names(view), ['Organizations', 'Audit trail', 'API reference', 'Users', 'Roles'])
  assert.is(box.getAttribute('aria-activedescendant'), null)
  fireEvent.keyDown(box, { key: 'ArrowDown' })
  fireEvent.keyDown(box, { key: 'ArrowDown' })
  const selected = view.getByRole('option', { selected: true })
  assert.is(selected.id, box.getAttribute('aria-activedescendant'))
  assert.match(selected.textContent ?? '', /^Audit trail/)
  fireEvent.keyDown(box, { key: 'ArrowUp' })
  fireEvent.keyDown(box, { key: 'ArrowUp' })
  assert.match(view.getByRole('option', { selected: true }).textContent ?? '', /^Roles/)
  fireEvent.keyDown(box, { key: 'ArrowDown' })
  fireEvent.keyDown(box, { key: 'Enter' })
  assert.equal(history, ['/app/home', '/app/organizations'])
})

test('Esc clears the query', () => {
  const { view, box } = open()
  type(box, 'net')
  fireEvent.keyDown(box, { key: 'Escape' })
  assert.is((box as HTMLInputElement).value, '')
  assert.equal(names(view), [])
})

test('a click on a suggestion goes there', () => {
  const { view, box, history } = open()
  type(box, 'net')
  fireEvent.click(view.getByRole('option', { name: /Network/ }))
  assert.equal(history, ['/app/home', '/app/network'])
})

test('the list closes when the box loses focus', () => {
  const { view, box } = open()
  type(box, 'net')
  fireEvent.blur(box)
  assert.equal(names(view), [])
  assert.is(box.getAttribute('aria-expanded'), 'false')
})

test.run()
