import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import type { IssuedAppId } from '../../../../src/contract/app-ids'
import type { Right } from '../../../../src/contract/rights'
import AppIdsScreen from '../../../../src/features/app-ids/app-ids-screen'
import { closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { within } from '../../ui/testing'
import { cleanup, fireEvent, page, renderAt, resetSession, waitFor } from '../helpers'
import { listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'
import { createAppId } from './factories'

let stub: RouteStub | undefined

const signIn = (rights: Right[]) => {
  const user = createUser({ rights })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
}

test.before.each(() => {
  resetSession()
  signIn(['app_ids', 'devices', 'tunnels'])
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  closeNotice()
})

const open = (routes: Record<string, Handler>) => {
  stub = routeFetch(routes)
  return renderAt(
    '/app/app_ids',
    <Route path="/app" nest>
      <AppIdsScreen />
    </Route>,
  ).view
}

const rowOf = (name: string) => page().getByText(name).closest('tr') as HTMLElement
const SECRET = 'Zq9XyW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8bA7zY6'

test('lists the client id, the first redirect URI with how many more, the scopes and the rotation', async () => {
  const view = open({
    'GET /app_ids/': () =>
      listReply([
        createAppId({ name: 'Exporter', client_id: 'app_0123456789abcdef', redirect_uris: ['https://a.example.com/cb', 'http://localhost:3000/cb', 'https://b.example.com/cb'], scopes: ['devices', 'tunnels'] }),
        createAppId({ name: 'Poller', redirect_uris: [], rotated_at: new Date(Date.now() - 3 * 3600_000).toISOString() }),
      ]),
  })
  await waitFor(() => view.getByText('Exporter'))
  const exporter = within(rowOf('Exporter'))
  assert.ok(exporter.getByText('app_0123456789abcdef'))
  assert.ok(exporter.getByRole('button', { name: 'Copy the client id of Exporter' }))
  assert.ok(exporter.getByText('https://a.example.com/cb'))
  assert.ok(exporter.getByText('+2 more'))
  assert.equal(exporter.getAllByRole('listitem').map((item) => item.textContent), ['Edge & Devices', 'Tunnels'])
  assert.ok(exporter.getByText('never'))
  const poller = within(rowOf('Poller'))
  assert.ok(poller.getByText('None'))
  assert.ok(poller.getByText('3 h ago'))
})

test('offers as scopes only the rights the user holds', async () => {
  signIn(['tunnels', 'billing', 'app_ids'])
  const view = open({ 'GET /app_ids/': () => listReply([]) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New app id' })))
  const scopes = within(await view.findByRole('group', { name: 'Scopes' }))
  assert.equal(
    scopes.getAllByRole('checkbox').map((box) => box.closest('div')?.textContent),
    ['Billing', 'Tunnels', 'App Ids'],
  )
})

test('names each refused redirect URI by its line and sends nothing', async () => {
  const view = open({ 'GET /app_ids/': () => listReply([]) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New app id' })))
  fireEvent.change(view.getByLabelText('Name'), { target: { value: 'Exporter' } })
  const uris = view.getByLabelText('Redirect URIs')
  fireEvent.change(uris, { target: { value: 'https://ok.example.com/cb\n\nhttp://example.com/cb\nhttps://*.example.com/cb\nhttp://localhost:8080/cb#x' } })
  fireEvent.blur(uris)
  fireEvent.click(view.getByRole('checkbox', { name: 'Tunnels' }))
  fireEvent.click(view.getByRole('button', { name: 'Create' }))
  await waitFor(() => view.getByText(/^Line 3:/))
  const errors = [...uris.parentElement!.querySelectorAll('li')].map((item) => item.textContent)
  assert.equal(errors, [
    'Line 3: Use https, or http only for localhost, 127.0.0.1 or [::1]',
    'Line 4: Wildcards (*) are not allowed',
    'Line 5: Fragments (#) are not allowed',
  ])
  assert.is(uris.getAttribute('aria-invalid'), 'true')
  assert.is(stub!.seen('POST /app_ids/').length, 0)
})

test('shows the client id and the secret once, and after closing no element holds the secret', async () => {
  const issued: IssuedAppId = { ...createAppId({ name: 'Exporter', client_id: 'app_aaaaaaaaaaaaaaaa', redirect_uris: ['https://x.example.com/cb'], scopes: ['tunnels'] }), client_secret: SECRET }
  const { client_secret: _, ...listed } = issued
  let apps: unknown[] = []
  const view = open({
    'GET /app_ids/': () => listReply(apps),
    'POST /app_ids/': () => {
      apps = [listed]
      return { status: 201, body: issued }
    },
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New app id' })))
  fireEvent.change(view.getByLabelText('Name'), { target: { value: 'Exporter' } })
  fireEvent.change(view.getByLabelText('Redirect URIs'), { target: { value: '  https://x.example.com/cb  \n\n' } })
  fireEvent.click(view.getByRole('checkbox', { name: 'Tunnels' }))
  fireEvent.click(view.getByRole('button', { name: 'Create' }))

  const dialog = await waitFor(() => view.getByRole('dialog', { name: 'Client secret of “Exporter”' }))
  assert.equal(stub!.seen('POST /app_ids/')[0]?.body, { name: 'Exporter', redirect_uris: ['https://x.example.com/cb'], scopes: ['tunnels'] })
  assert.is((within(dialog).getByLabelText('Client secret') as HTMLInputElement).value, SECRET)
  assert.ok(within(dialog).getByText('app_aaaaaaaaaaaaaaaa'))
  assert.match(dialog.textContent ?? '', /only the client id remains/)

  fireEvent.click(within(dialog).getByRole('button', { name: 'I have stored it' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  await waitFor(() => view.getByText('Exporter'))
  const fields = [...document.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value)
  assert.not.ok(document.documentElement.outerHTML.includes(SECRET), 'the markup holds the secret')
  assert.not.ok(fields.some((value) => value.includes(SECRET)), 'a field holds the secret')
})

test('edits an app id, and a stale save shows both sides', async () => {
  const app = createAppId({ name: 'Exporter', scopes: ['devices'] })
  const theirs = { ...app, name: 'Exporter (theirs)', version: 2 }
  const view = open({
    'GET /app_ids/': () => listReply([app]),
    [`PUT /app_ids/${app.id}`]: () => ({ status: 409, body: { message: 'Someone else changed this record since you opened it', current: theirs } }),
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Edit Exporter' })))
  const dialog = await view.findByRole('dialog', { name: 'Edit the app id “Exporter”' })
  assert.is((within(dialog).getByLabelText('Redirect URIs') as HTMLTextAreaElement).value, 'https://app.example.com/callback')
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Exporter (mine)' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
  const conflict = await waitFor(() => view.getByRole('dialog', { name: 'Someone else changed this' }))
  assert.equal(stub!.seen(`PUT /app_ids/${app.id}`)[0]?.body, { name: 'Exporter (mine)', redirect_uris: ['https://app.example.com/callback'], scopes: ['devices'], version: 1 })
  assert.ok(within(conflict).getByText('Exporter (mine)'))
  assert.ok(within(conflict).getByText('Exporter (theirs)'))
})

test('rotates after a confirmation that says the old secret stops at once, then shows the new one', async () => {
  const app = createAppId({ name: 'Exporter' })
  const rotated: IssuedAppId = { ...app, version: 2, rotated_at: new Date().toISOString(), client_secret: SECRET }
  const view = open({
    'GET /app_ids/': () => listReply([app]),
    [`POST /app_ids/${app.id}/rotate`]: () => ({ status: 200, body: rotated }),
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Rotate the secret of Exporter' })))
  const confirm = await view.findByRole('dialog', { name: 'Rotate the secret of “Exporter”?' })
  assert.match(confirm.textContent ?? '', /the old one stops working at once/)
  assert.is(stub!.seen(`POST /app_ids/${app.id}/rotate`).length, 0)
  fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate secret' }))
  const dialog = await waitFor(() => view.getByRole('dialog', { name: 'Client secret of “Exporter”' }))
  assert.is((within(dialog).getByLabelText('Client secret') as HTMLInputElement).value, SECRET)
})

test('deletes an app id after a confirmation', async () => {
  const app = createAppId({ name: 'Exporter' })
  const view = open({ 'GET /app_ids/': () => listReply([app]), [`DELETE /app_ids/${app.id}`]: () => ({ status: 200, body: app }) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Delete Exporter' })))
  const dialog = await view.findByRole('dialog', { name: 'Delete the app id “Exporter”?' })
  assert.match(dialog.textContent ?? '', /stop working at once/)
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete app id' }))
  await waitFor(() => assert.is(stub!.seen(`DELETE /app_ids/${app.id}`).length, 1))
})

test.run()
