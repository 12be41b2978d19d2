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

test('lists the client id, the scopes and the rotation, and no redirect URIs, which the client credentials grant never uses', async () => {
  const view = open({
    'GET /app_ids/': () =>
      listReply([
        createAppId({ name: 'Exporter', client_id: 'app_0123456789abcdef', redirect_uris: ['https://a.example.com/cb'], scopes: ['devices', 'tunnels'] }),
        createAppId({ name: 'Poller', redirect_uris: [], rotated_at: new Date(Date.now() - 3 * 3600_000).toISOString() }),
      ]),
  })
  await waitFor(() => view.getByText('Exporter'))
  const exporter = within(rowOf('Exporter'))
  assert.ok(exporter.getByText('app_0123456789abcdef'))
  assert.ok(exporter.getByRole('button', { name: 'Copy the client id of Exporter' }))
  assert.is(view.queryByRole('columnheader', { name: 'Redirect URIs' }), null)
  assert.is(exporter.queryByText('https://a.example.com/cb'), null)
  assert.equal(exporter.getAllByRole('listitem').map((item) => item.textContent), ['Edge & Devices', 'Tunnels'])
  assert.ok(exporter.getByText('never'))
  assert.ok(within(rowOf('Poller')).getByText('3 h ago'))
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
  assert.is(view.queryByLabelText('Redirect URIs'), null, 'a client credentials app is not asked for redirect URIs')
  fireEvent.click(view.getByRole('checkbox', { name: 'Tunnels' }))
  fireEvent.click(view.getByRole('button', { name: 'Create' }))

  const dialog = await waitFor(() => view.getByRole('dialog', { name: 'Client secret of “Exporter”' }))
  assert.equal(stub!.seen('POST /app_ids/')[0]?.body, { name: 'Exporter', scopes: ['tunnels'] })
  assert.is((within(dialog).getByLabelText('Client secret') as HTMLInputElement).value, SECRET)
  assert.ok(within(dialog).getAllByText('app_aaaaaaaaaaaaaaaa').length > 0)
  assert.match(dialog.textContent ?? '', /only the client id remains/)
  // How to get a token: the token URL, and a request to copy with the id filled in and the secret's place marked.
  const tokenUrl = `${location.origin}/api/oauth/token`
  // Its code loads as the dialog opens.
  assert.ok(await within(dialog).findByText(tokenUrl))
  const example = within(dialog).getByRole('figure', { name: 'Example request' }).querySelector('pre')!
  assert.is(example.textContent, `curl -u 'app_aaaaaaaaaaaaaaaa:<client secret>' -d grant_type=client_credentials ${tokenUrl}`)
  assert.ok(within(dialog).getByRole('button', { name: 'Copy the example request' }))

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
  assert.is(within(dialog).queryByLabelText('Redirect URIs'), null)
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Exporter (mine)' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
  const conflict = await waitFor(() => view.getByRole('dialog', { name: 'Someone else changed this' }))
  assert.equal(stub!.seen(`PUT /app_ids/${app.id}`)[0]?.body, { name: 'Exporter (mine)', scopes: ['devices'], version: 1 })
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
