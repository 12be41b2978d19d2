import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { View } from '../../../../src/contract/views'
import { $session, initialSession } from '../../../../src/stores/session'
import type { ListState } from '../../../../src/ui/list/list-url'
import { ViewsTools } from '../../../../src/ui/list/views-tools'
import '../../../../src/ui/console-texts'
import { createUser } from '../../contract/factories'
import { resetSession } from '../../features/helpers'
import { listReply, routeFetch, type Handler, type RouteStub } from '../../features/route-stub'
import { cleanup, fireEvent, page, waitFor, within, render } from '../testing'

const { configure } = await import('@testing-library/react')
configure({ asyncUtilTimeout: 3000 })

let stub: RouteStub | undefined
const me = createUser({ rights: ['devices'] })

test.before.each(() => {
  resetSession()
  $session.set({ ...initialSession(), loggedIn: true, user: me, uid: me.id })
})
test.after.each(() => {
  cleanup()
  stub?.restore()
})

const COLUMNS = ['name', 'status', 'model', 'tags'].map((key) => ({ key, label: key.toUpperCase() }))
const STATE: ListState = { q: '', sort: 'name', order: 'asc', page: 1, per_page: 10, filters: { status: ['offline'] } }

/** A saved view of devices, the signed-in user's unless `owner_id` says otherwise. */
const createView = (overrides: Partial<View> = {}): View => ({
  id: 'v1',
  name: 'Offline kiosks',
  collection: 'devices',
  query: { q: '', sort: 'name', order: 'asc', filters: { status: ['offline'] } },
  columns: ['name', 'status'],
  shared: false,
  pinned: true,
  owner_id: me.id,
  owner_name: me.name,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 3,
  ...overrides,
})

/** The list's views tools at `path`, the API answering `routes`; `history` holds each address it went to. */
function open(path: string, routes: Record<string, Handler>, shown = ['name', 'status']) {
  stub = routeFetch(routes)
  const memory = memoryLocation({ path, record: true })
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ViewsTools collection="devices" columns={COLUMNS} shown={shown} query={STATE} />
    </Router>,
  )
  return { view: page(), history: memory.history }
}

test("a link's ?view= opens the view: its question and columns replace the address", async () => {
  const view = createView()
  const { history } = open('/app/devices?view=v1', { 'GET /views/v1': () => ({ status: 200, body: view }), 'GET /views/': () => listReply([view]) })
  await waitFor(() => assert.is(history.at(-1), '/app/devices?view=v1&sort=name&order=asc&status=offline&columns=name%2Cstatus'))
})

test('a link to a view that is gone or not shared says so and leaves the plain list', async () => {
  const { view, history } = open('/app/devices?view=gone&status=online', { 'GET /views/': () => listReply([]) })
  await view.findByText('This view was deleted or is not shared with you, so the whole list shows instead.')
  await waitFor(() => assert.is(history.at(-1), '/app/devices?status=online'))
})

test('updating one\'s own view over a newer version shows both sides and keeps mine on request', async () => {
  const view = createView()
  const theirs = { ...view, name: 'Offline lobby kiosks', shared: true, version: 4 }
  const { view: screen } = open('/app/devices?view=v1&sort=name&order=asc&status=offline&columns=name%2Cstatus', {
    'GET /views/': () => listReply([view]),
    'PUT /views/v1': ({ body }) =>
      (body as { version: number }).version === 3 ? { status: 409, body: { message: 'Changed meanwhile', current: theirs } } : { status: 200, body: { ...theirs, name: 'Offline', version: 5 } },
  })
  fireEvent.click(await screen.findByRole('button', { name: 'View: Offline kiosks' }))
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Update “Offline kiosks” with this list…' }))
  const form = within(await screen.findByRole('dialog', { name: 'Update the view Offline kiosks' }))
  fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Offline' } })
  fireEvent.click(form.getByRole('button', { name: 'Save' }))
  const conflict = await waitFor(() => screen.getByRole('dialog', { name: 'Someone else changed this' }))
  const rows = within(conflict).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent))
  // Only the field both changed; sharing, which only they changed, is taken.
  assert.equal(rows, [['Name', 'Offline', 'Offline lobby kiosks']])
  fireEvent.click(within(conflict).getByRole('button', { name: 'Keep mine' }))
  await waitFor(() => assert.is(screen.queryByRole('dialog'), null))
  const sent = stub!.seen('PUT /views/v1').map((request) => request.body as Record<string, unknown>)
  assert.equal(sent.map((body) => body.version), [3, 4])
  assert.equal(sent[1], { name: 'Offline', shared: true, pinned: true, query: { q: '', sort: 'name', order: 'asc', filters: { status: ['offline'] } }, columns: ['name', 'status'], version: 4 })
})

test("a refused name keeps what was typed and says why; another's shared view offers no update", async () => {
  const mine = createView()
  const shared = createView({ id: 'v2', name: 'Team view', shared: true, owner_id: 'someone-else' })
  const { view: screen } = open('/app/devices?view=v2&sort=name&order=asc&status=offline&columns=name%2Cstatus', {
    'GET /views/': () => listReply([mine, shared]),
    'POST /views/': () => ({ status: 400, body: { message: 'Invalid input', errors: { name: 'Too long' } } }),
  })
  fireEvent.click(await screen.findByRole('button', { name: 'View: Team view' }))
  await screen.findByRole('menuitemradio', { name: 'Team view (shared)' })
  assert.is(screen.queryByRole('menuitem', { name: /^Update/ }), null)
  fireEvent.click(screen.getByRole('menuitem', { name: 'Save as a new view…' }))
  const form = within(await screen.findByRole('dialog', { name: 'Save a view' }))
  fireEvent.click(form.getByRole('button', { name: 'Create' }))
  await form.findByText('Required')
  fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Mine too' } })
  fireEvent.click(form.getByRole('button', { name: 'Create' }))
  await form.findByText('Too long')
  assert.is((form.getByLabelText('Name') as HTMLInputElement).value, 'Mine too')
  assert.equal(stub!.seen('POST /views/')[0]?.body, { name: 'Mine too', shared: false, pinned: true, query: { q: '', sort: 'name', order: 'asc', filters: { status: ['offline'] } }, columns: ['name', 'status'], collection: 'devices' })
})

test('the column chooser ticks the columns shown and hides one in the address', async () => {
  const { view: screen, history } = open('/app/devices?status=offline', { 'GET /views/': () => listReply([]) }, ['name', 'status'])
  fireEvent.click(await screen.findByRole('button', { name: 'Columns' }))
  const chooser = within(screen.getByRole('group', { name: 'Columns to show' }))
  assert.is((chooser.getByRole('checkbox', { name: 'MODEL' }) as HTMLInputElement).checked, false)
  fireEvent.click(chooser.getByRole('checkbox', { name: 'STATUS' }))
  await waitFor(() => assert.is(history.at(-1), '/app/devices?status=offline&columns=name'))
})

test('the column chooser lies over the list, and Esc closes it with the focus back on its button', async () => {
  const { view: screen } = open('/app/devices', { 'GET /views/': () => listReply([]) }, ['name', 'status'])
  const button = await screen.findByRole('button', { name: 'Columns' })
  fireEvent.click(button)
  const chooser = screen.getByRole('group', { name: 'Columns to show' })
  assert.is(button.getAttribute('aria-expanded'), 'true')
  assert.match(chooser.className, /popover/)
  const box = within(chooser).getByRole('checkbox', { name: 'MODEL' })
  box.focus()
  fireEvent.keyDown(box, { key: 'Escape' })
  await waitFor(() => assert.is(screen.queryByRole('group', { name: 'Columns to show' }), null))
  assert.is(document.activeElement, button)
  assert.is(button.getAttribute('aria-expanded'), 'false')
})

test('a column shown only when chosen leaves the address short when it goes again', async () => {
  stub = routeFetch({ 'GET /views/': () => listReply([]) })
  const memory = memoryLocation({ path: '/app/devices?columns=name%2Cstatus%2Cserial', record: true })
  const columns = [...COLUMNS.slice(0, 2), { key: 'serial', label: 'SERIAL', optional: true }]
  render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <ViewsTools collection="devices" columns={columns} shown={['name', 'status', 'serial']} query={STATE} />
    </Router>,
  )
  fireEvent.click(await page().findByRole('button', { name: 'Columns' }))
  fireEvent.click(within(page().getByRole('group', { name: 'Columns to show' })).getByRole('checkbox', { name: 'SERIAL' }))
  await waitFor(() => assert.is(memory.history.at(-1), '/app/devices'))
})

test.run()
