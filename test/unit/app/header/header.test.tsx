import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import { setToken } from '../../../../src/api/client'
import { Header } from '../../../../src/app/shell/header/header'
import { headerScroll } from '../../../../src/app/shell/header/header-scroll'
import { initialsOf } from '../../../../src/app/shell/header/user-menu'
import { $openPanel, closePanel } from '../../../../src/app/shell/panels/panel-state'
import { $session, initialSession } from '../../../../src/stores/session'
import { $ui, UI_DEFAULTS } from '../../../../src/stores/ui'
import { DROPDOWN_OPEN_DELAY_MS } from '../../../../src/ui/dropdown'
import '../../../../src/ui/console-texts'
import { stubFetch, type FetchStub } from '../../api/fetch-stub'
import { createUser } from '../../contract/factories'
import { act, cleanup, fireEvent, renderAt, resetSession, waitFor } from '../../features/helpers'

// Lazy parts and the menu's delay can be slow on a busy machine.
const { configure } = await import('@testing-library/react')
configure({ asyncUtilTimeout: 5000 })

let stub: FetchStub | undefined

const signIn = (overrides: Parameters<typeof createUser>[0] = {}) => {
  const user = createUser({ name: 'Ada Lovelace', ...overrides })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
  setToken('token-1')
}

test.before.each(() => {
  resetSession()
  $ui.set({ ...UI_DEFAULTS })
  closePanel()
  signIn()
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  stub = undefined
})

const open = (path = '/app/home') =>
  renderAt(
    path,
    <Route path="/app" nest>
      <Header />
    </Route>,
  )

const button = (view: ReturnType<typeof open>['view'], name: string) => view.getByRole('button', { name })

test('switches between Turn Dark and Turn Light with the mode', () => {
  const { view } = open()
  fireEvent.click(button(view, 'Turn Dark'))
  assert.is($ui.get().type, 'dark')
  assert.is(view.queryByRole('button', { name: 'Turn Dark' }), null)
  fireEvent.click(button(view, 'Turn Light'))
  assert.is($ui.get().type, 'light')
  assert.ok(button(view, 'Turn Dark'))
})

test('the menu toggle shows and flips whether the sidebar is open', () => {
  const { view } = open()
  const toggle = button(view, 'Toggle the menu')
  assert.is(toggle.getAttribute('aria-expanded'), 'true')
  fireEvent.click(toggle)
  assert.is($ui.get().sidebarOpen, false)
  assert.is(toggle.getAttribute('aria-expanded'), 'false')
})

test('the brand links to /app', () => {
  const { view, history } = open('/app/devices')
  const brand = view.getByRole('link', { name: /Edgeline Console/ })
  assert.is(brand.getAttribute('href'), '/app')
  fireEvent.click(brand)
  assert.equal(history, ['/app/devices', '/app'])
})

test('Full Screen follows fullscreenchange', () => {
  const { view } = open()
  const requested: string[] = []
  const root = document.documentElement as HTMLElement & { requestFullscreen: () => Promise<void> }
  const original = root.requestFullscreen
  root.requestFullscreen = () => {
    requested.push('enter')
    return Promise.resolve()
  }
  try {
    fireEvent.click(button(view, 'Full Screen'))
    assert.equal(requested, ['enter'])
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => root })
    act(() => void document.dispatchEvent(new Event('fullscreenchange')))
    assert.ok(button(view, 'Exit Full Screen'))
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => null })
    act(() => void document.dispatchEvent(new Event('fullscreenchange')))
    assert.ok(button(view, 'Full Screen'))
  } finally {
    root.requestFullscreen = original
    delete (document as { fullscreenElement?: unknown }).fullscreenElement
  }
})

test('Show Guide and Settings open their panels', () => {
  const { view } = open()
  fireEvent.click(button(view, 'Show Guide'))
  assert.is($openPanel.get(), 'guide')
  fireEvent.click(button(view, 'Settings'))
  assert.is($openPanel.get(), 'settings')
})

test('Sign out signs out and goes to the start page', async () => {
  stub = stubFetch({ status: 200, body: { message: 'Signed out' } })
  const { view, history } = open()
  fireEvent.click(button(view, 'Sign out'))
  await waitFor(() => assert.equal(history, ['/app/home', '/']))
  assert.is($session.get().loggedIn, false)
  // The session ends here at once; the server hears of it just after.
  await waitFor(() => assert.equal(stub?.requests.map(({ method, url }) => `${method} ${url}`), ['POST /api/logout']))
})

test('shows Login when signed out', () => {
  $session.set({ ...initialSession(), loggedIn: false })
  const { view } = open()
  assert.is(view.getByRole('link', { name: 'Login' }).getAttribute('href'), '/login')
  assert.is(view.queryByRole('button', { name: /Account menu/ }), null)
  assert.is(view.queryByRole('button', { name: 'Sign out' }), null)
})

test('the avatar menu opens after the delay and goes to My Profile', async () => {
  const { view, history } = open()
  const avatar = button(view, 'Account menu of Ada Lovelace')
  assert.is(avatar.querySelector('[data-initials]')?.getAttribute('data-initials'), 'AL', 'the initials, drawn by CSS')
  fireEvent.click(avatar)
  assert.is(view.queryByRole('menu'), null, 'not before the delay')
  const menu = await view.findByRole('menu')
  assert.equal(
    Array.from(menu.querySelectorAll('[role="menuitem"]')).map((item) => item.textContent),
    ['My Profile', 'Sign out'],
  )
  assert.is(avatar.getAttribute('aria-expanded'), 'true')
  fireEvent.click(view.getByRole('menuitem', { name: 'My Profile' }))
  assert.equal(history, ['/app/home', '/app/profile'])
  assert.is(view.queryByRole('menu'), null)
})

test('the avatar shows the photo when there is one', () => {
  signIn({ avatar: '/avatars/ada.png' })
  const { view } = open()
  const avatar = button(view, 'Account menu of Ada Lovelace')
  // The server's own photos are paths under the API host; the console puts its host before them.
  assert.is(avatar.querySelector('img')?.getAttribute('src'), '/api/avatars/ada.png')
  assert.is(initialsOf('grace  brewster hopper'), 'GB')
})

test('the language menu lists the six languages, each in itself, and the current one checked', async () => {
  const { view } = open()
  const language = button(view, 'Language EN')
  fireEvent.keyDown(language, { key: 'ArrowDown' })
  assert.is(view.queryByRole('menu'), null, `opens ${DROPDOWN_OPEN_DELAY_MS} ms later`)
  const items = await view.findAllByRole('menuitemradio')
  assert.equal(
    items.map((item) => `${item.getAttribute('lang')} ${item.textContent} ${item.getAttribute('aria-checked')}`),
    ['en English true', 'de Deutsch false', 'id Bahasa Indonesia false', 'es Español false', 'zh 中文 false', 'ar العربية false'],
  )
  await waitFor(() => assert.ok(document.activeElement === items[0], 'the focus moves to the first item'))
})

test('over 30, 40 and 64 px of scroll the header darkens, fades its actions, becomes fixed', () => {
  assert.equal([0, 30, 31, 40, 41, 64, 65].map(headerScroll), [
    { darkened: false, faded: false, fixed: false },
    { darkened: false, faded: false, fixed: false },
    { darkened: true, faded: false, fixed: false },
    { darkened: true, faded: false, fixed: false },
    { darkened: true, faded: true, fixed: false },
    { darkened: true, faded: true, fixed: false },
    { darkened: true, faded: true, fixed: true },
  ])
})

test('the header follows the scroll of the page', () => {
  const { view } = open()
  const header = view.getByRole('banner')
  const classes = () => header.className
  const before = classes()
  const scrollTo = (y: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y })
      window.dispatchEvent(new Event('scroll'))
    })
  scrollTo(100)
  assert.is(classes().split(' ').length, before.split(' ').length + 2, 'darkened and fixed')
  scrollTo(0)
  assert.is(classes(), before)
})

test.run()
