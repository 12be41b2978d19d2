import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import type { Right } from '../../../src/contract/rights'
import type { Organization } from '../../../src/contract/user'
import { moveTo, Palette } from '../../../src/app/shell/palette/palette'
import { $session, initialSession } from '../../../src/stores/session'
import { respond } from '../api/fetch-stub'
import { createUser } from '../contract/factories'
import { cleanup, fireEvent, page, renderAt, resetSession, waitFor } from '../features/helpers'
import { listReply } from '../features/route-stub'

const ALL_RIGHTS: Right[] = ['organizations', 'billing', 'access_keys', 'users', 'roles', 'devices', 'tunnels', 'app_ids', 'network', 'traffic']

interface Seen {
  path: string
  q: string | null
  perPage: string | null
  signal: AbortSignal | undefined
}

/** Requests the palette made, with the signal each was sent with. */
let seen: Seen[] = []
/** Rows each list answers with, by path; a query listed in `hold` is answered only when aborted (as a slow link). */
let rows: Record<string, unknown[]> = {}
let hold = new Set<string>()
const original = globalThis.fetch

/** A server that answers each list with `rows` of its path, and holds back the queries in `hold`. */
function stubServer() {
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const path = url.pathname.replace(/^\/api/, '')
    const q = url.searchParams.get('q')
    seen.push({ path, q, perPage: url.searchParams.get('per_page'), signal: init?.signal ?? undefined })
    if (q !== null && hold.has(q)) {
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
    }
    return Promise.resolve(respond(listReply(rows[path] ?? []) as { status: number; body: unknown }))
  }) as typeof fetch
}

const signIn = (rights: Right[], organizations?: Organization[]) => {
  const user = createUser({ rights, ...(organizations ? { organizations } : {}) })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
}

let closed = 0

test.before.each(() => {
  resetSession()
  signIn(ALL_RIGHTS)
  seen = []
  rows = {}
  hold = new Set()
  closed = 0
  stubServer()
})
test.after.each(() => {
  cleanup()
  globalThis.fetch = original
})

const open = () => {
  const rendered = renderAt(
    '/app/home',
    <Route path="/app" nest>
      <Palette onClose={() => closed++} />
    </Route>,
  )
  const box = rendered.view.getByRole('combobox', { name: 'Go to a screen, find a record or run an action' })
  return { ...rendered, box }
}

const type = (box: HTMLElement, text: string) => fireEvent.change(box, { target: { value: text } })
const key = (box: HTMLElement, name: string) => fireEvent.keyDown(box, { key: name })
/** The options' labels under the section `heading`. */
const section = (heading: string) => {
  const group = page().queryByRole('group', { name: heading })
  return group ? Array.from(group.querySelectorAll('[role="option"]')).map((option) => option.querySelector('bdi')?.textContent) : []
}
const activeLabel = (box: HTMLElement) => document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.querySelector('bdi')?.textContent
const last = (history: string[]) => history[history.length - 1]
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

test('opens with the focus in its box, in a modal dialog, as a combobox over a listbox', () => {
  const { view, box } = open()
  assert.is(document.activeElement, box)
  assert.is(view.getByRole('dialog', { name: 'Command palette' }).getAttribute('aria-modal'), 'true')
  const list = view.getByRole('listbox', { name: 'Results' })
  assert.is(box.getAttribute('aria-controls'), list.id)
  assert.is(box.getAttribute('aria-expanded'), 'true')
  const options = view.getAllByRole('option')
  assert.is(options[0]?.getAttribute('aria-selected'), 'true')
  assert.is(box.getAttribute('aria-activedescendant'), options[0]?.id)
  assert.ok(options.slice(1).every((option) => option.getAttribute('aria-selected') === 'false'))
})

test('the screens section shows only the screens the rights open', () => {
  signIn(['users', 'billing'])
  open()
  const screens = section('Screens')
  assert.ok(screens.includes('Home') && screens.includes('Users') && screens.includes('Billing'), String(screens))
  for (const closedScreen of ['Edge & Devices', 'Access Keys', 'Tunnels', 'Roles', 'Organizations', 'Network', 'Traffic']) {
    assert.not.ok(screens.includes(closedScreen), `${closedScreen} is not open to this user`)
  }
})

test('typing filters the screens and actions by their words, ignoring case', async () => {
  const { box } = open()
  type(box, 'TUNN')
  assert.equal(section('Screens'), ['Tunnels'])
  assert.equal(section('Actions'), ['Open a tunnel on a device…'])
  type(box, 'access k')
  assert.equal(section('Screens'), ['Access Keys'])
  assert.equal(section('Actions'), ['New access key'])
  type(box, 'enroll')
  assert.equal(section('Screens'), ['Enrollment Keys'])
  type(box, 'zzz-nothing')
  await waitFor(() => assert.ok(page().getByText('Nothing matches')))
  assert.is(box.getAttribute('aria-expanded'), 'false')
  assert.is(box.getAttribute('aria-activedescendant'), null)
})

test('actions need the rights their screens need', () => {
  signIn(['devices', 'users'])
  open()
  assert.equal(section('Actions'), ['Add device', 'Invite user'], 'no new key without access_keys, no tunnel without tunnels')
  cleanup()
  signIn(['access_keys'])
  open()
  assert.equal(section('Actions'), ['New access key'])
})

test('matches words in any order, by their start or their initials, best first', () => {
  const { box } = open()
  type(box, 'new key')
  assert.equal(section('Actions'), ['New access key'])
  type(box, 'key new')
  assert.equal(section('Actions'), ['New access key'])
  type(box, 'nak')
  assert.equal(section('Actions'), ['New access key'])
  type(box, 'new tunnel')
  assert.equal(section('Actions'), ['Open a tunnel on a device…'])
  type(box, 'new device')
  assert.equal(section('Actions')[0], 'Add device')
  type(box, 'tun')
  assert.equal(section('Screens')[0], 'Tunnels', 'a word that begins with the text before one that holds it later')
})

test('Add device and Invite user open the dialogs of their screens', () => {
  const { box, history } = open()
  type(box, 'add dev')
  assert.is(activeLabel(box), 'Add device')
  key(box, 'Enter')
  assert.is(last(history), '/app/devices?new=1')
  cleanup()
  const again = open()
  type(again.box, 'invite')
  key(again.box, 'Enter')
  assert.is(last(again.history), '/app/users?new=1')
})

test('Up and Down move and wrap, Home and End go to the ends, the focus stays in the box', () => {
  const { box } = open()
  type(box, 'tunn')
  assert.is(activeLabel(box), 'Tunnels')
  key(box, 'ArrowDown')
  assert.is(activeLabel(box), 'Open a tunnel on a device…')
  key(box, 'ArrowDown')
  assert.is(activeLabel(box), 'Tunnels', 'Down wraps to the first')
  key(box, 'ArrowUp')
  assert.is(activeLabel(box), 'Open a tunnel on a device…', 'Up wraps to the last')
  key(box, 'Home')
  assert.is(activeLabel(box), 'Tunnels')
  key(box, 'End')
  assert.is(activeLabel(box), 'Open a tunnel on a device…')
  assert.is(document.activeElement, box)
  assert.equal([moveTo('ArrowDown', 0, 0), moveTo('PageDown', 1, 3), moveTo('ArrowUp', 0, 3)], [undefined, undefined, 2])
})

test('Enter runs the marked option: it goes there and closes', () => {
  const { box, history } = open()
  type(box, 'tunn')
  key(box, 'Enter')
  assert.is(last(history), '/app/tunnels')
  assert.is(closed, 1)
  cleanup()
  const again = open()
  type(again.box, 'tunn')
  key(again.box, 'End')
  key(again.box, 'Enter')
  assert.is(last(again.history), '/app/tunnels?new=1')
})

test('Esc closes it', () => {
  const { box } = open()
  fireEvent.keyDown(box, { key: 'Escape' })
  assert.is(closed, 1)
})

test('finds records only in the collections the user may read, with the typed text, 5 at most', async () => {
  signIn(['devices', 'users', 'billing'])
  rows = {
    '/devices/': [{ id: 'd-7', name: 'Kiosk lobby', serial: 'SN-7' }],
    '/users/': [{ id: 'u-9', name: '', email: 'kiosk@example.com' }],
  }
  const { box, history } = open()
  type(box, 'kiosk')
  await waitFor(() => assert.equal(section('Devices'), ['Kiosk lobby']))
  assert.equal(section('Users'), ['kiosk@example.com'])
  assert.equal(
    seen.map((request) => [request.path, request.q, request.perPage]).sort(),
    [
      ['/devices/', 'kiosk', '5'],
      ['/users/', 'kiosk', '5'],
    ],
  )
  assert.is(section('Access keys').length + section('Tunnels').length, 0)
  key(box, 'Enter')
  assert.is(last(history), '/app/devices/details?id=d-7', 'the first record is marked when no screen matches')
})

test('asks nothing of a user who may read none of the collections', async () => {
  signIn(['billing', 'roles'])
  const { box } = open()
  type(box, 'kiosk')
  await pause(350)
  assert.equal(seen, [])
})

test('waits for a pause in the typing, and a later keystroke aborts the earlier request', async () => {
  signIn(['devices'])
  rows = { '/devices/': [{ id: 'd-1', name: 'Kiosk one', serial: 'SN-1' }] }
  hold = new Set(['kio'])
  const { box } = open()
  type(box, 'k')
  type(box, 'ki')
  type(box, 'kio')
  await waitFor(() => assert.is(seen.length, 1))
  assert.is(seen[0]?.q, 'kio', 'the keystrokes before the pause asked nothing')
  assert.ok(page().getByText('Searching…'))
  type(box, 'kios')
  assert.ok(seen[0]?.signal?.aborted, 'the next keystroke aborts the request still running')
  await waitFor(() => assert.equal(section('Devices'), ['Kiosk one']))
  assert.equal(
    seen.map((request) => request.q),
    ['kio', 'kios'],
  )
  assert.not.ok(seen[1]?.signal?.aborted)
})

test('a device found offers a tunnel on it, to a user holding tunnels', async () => {
  rows = { '/devices/': [{ id: 'd-3', name: 'Gate 3', serial: 'SN-3' }] }
  const { box, history } = open()
  type(box, 'gate')
  await waitFor(() => assert.ok(section('Actions').includes('Open a tunnel on Gate 3')))
  key(box, 'End')
  key(box, 'Enter')
  assert.is(last(history), '/app/tunnels?device_id=d-3&new=1')
})

test('offers to switch to each other organization of the user', () => {
  signIn(['billing'], [
    { id: 'o-1', name: 'Analytical Engines' },
    { id: 'o-2', name: 'Difference Works' },
  ])
  const { box } = open()
  type(box, 'switch')
  assert.equal(section('Actions'), ['Switch to Difference Works'])
})

test.run()
