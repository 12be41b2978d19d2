import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Route } from 'wouter'
import type { IssuedKey } from '../../../../src/contract/access-keys'
import type { Right } from '../../../../src/contract/rights'
import AccessKeysScreen from '../../../../src/features/access-keys/access-keys-screen'
import { closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { createUser } from '../../contract/factories'
import { within } from '../../ui/testing'
import { cleanup, fireEvent, page, renderAt, resetSession, waitFor } from '../helpers'
import { listReply, routeFetch, type Handler, type RouteStub } from '../route-stub'
import { createAccessKey, daysFromNow } from './factories'

let stub: RouteStub | undefined

const signIn = (rights: Right[]) => {
  const user = createUser({ rights })
  $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })
}

test.before.each(() => {
  resetSession()
  signIn(['access_keys', 'devices', 'tunnels'])
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  closeNotice()
})

const open = (routes: Record<string, Handler>, path = '/app/access_keys') => {
  stub = routeFetch(routes)
  return renderAt(
    path,
    <Route path="/app" nest>
      <AccessKeysScreen />
    </Route>,
  ).view
}

const rowOf = (name: string) => page().getByText(name).closest('tr') as HTMLElement

test('offers as scopes only the rights the user holds', async () => {
  signIn(['tunnels', 'billing', 'access_keys'])
  const view = open({ 'GET /access_keys/': () => listReply([]) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New key' })))
  const scopes = within(await view.findByRole('group', { name: 'Scopes' }))
  assert.equal(
    scopes.getAllByRole('checkbox').map((box) => box.closest('div')?.textContent),
    ['Billing', 'Access Keys', 'Tunnels'],
  )
  assert.is(scopes.queryByRole('checkbox', { name: 'Edge & Devices' }), null)
})

test('offers a key for device heartbeats only to a user holding devices, and lists it in words', async () => {
  const issued: IssuedKey = { ...createAccessKey({ name: 'Kiosk 7', scopes: ['heartbeat'] }), secret: 'edk_00000000_Zq9XyW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8bA7zY6' }
  const { secret: _, ...listed } = issued
  let keys: unknown[] = []
  const view = open({
    'GET /access_keys/': () => listReply(keys),
    'POST /access_keys/': () => {
      keys = [listed]
      return { status: 201, body: issued }
    },
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New key' })))
  const scopes = within(await view.findByRole('group', { name: 'Scopes' }))
  assert.equal(
    scopes.getAllByRole('checkbox').map((box) => box.closest('div')?.textContent),
    ['Device heartbeats onlyFor devices: it sends their heartbeats and can do nothing else', 'Access Keys', 'Edge & Devices', 'Tunnels'],
  )
  fireEvent.change(view.getByLabelText('Name'), { target: { value: 'Kiosk 7' } })
  fireEvent.click(scopes.getByRole('checkbox', { name: /^Device heartbeats only/ }))
  fireEvent.click(view.getByRole('button', { name: 'Create key' }))
  await waitFor(() => view.getByRole('dialog', { name: 'Your new key “Kiosk 7”' }))
  assert.equal(stub!.seen('POST /access_keys/')[0]?.body, { name: 'Kiosk 7', scopes: ['heartbeat'], expires_in_days: 90 })
  fireEvent.click(view.getByRole('button', { name: 'I have stored it' }))
  await waitFor(() => view.getByText('Kiosk 7'))
  assert.equal([...rowOf('Kiosk 7').querySelectorAll('li')].map((item) => item.textContent), ['Device heartbeats only'])
})

test('says, where a heartbeat key is made, that an enrollment key is the safer choice for a device', async () => {
  const view = open({ 'GET /access_keys/': () => listReply([]) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New key' })))
  const scopes = within(await view.findByRole('group', { name: 'Scopes' }))
  assert.is(view.queryByRole('link', { name: 'Use an enrollment key' }), null)
  fireEvent.click(scopes.getByRole('checkbox', { name: /^Device heartbeats only/ }))
  const link = await waitFor(() => view.getByRole('link', { name: 'Use an enrollment key' }))
  assert.is(link.getAttribute('href'), '/app/devices/enrollment-keys')
  assert.match(link.closest('[role="status"]')?.textContent ?? '', /credential of its own that acts for that device alone/)
})

test('shows the secret once, and after closing no element in the document holds it', async () => {
  const secret = 'edk_1a2b3c4d_Zq9XyW8vU7tS6rQ5pO4nM3lK2jI1hG0fE9dC8bA7zY6'
  const issued: IssuedKey = { ...createAccessKey({ name: 'Deploy bot', prefix: 'edk_1a2b3c4d', scopes: ['tunnels'], expires_at: daysFromNow(30) }), secret }
  const { secret: _, ...listed } = issued
  let keys: unknown[] = []
  const view = open({
    'GET /access_keys/': () => listReply(keys),
    'POST /access_keys/': () => {
      keys = [listed]
      return { status: 201, body: issued }
    },
  })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'New key' })))
  fireEvent.change(view.getByLabelText('Name'), { target: { value: 'Deploy bot' } })
  fireEvent.click(view.getByRole('checkbox', { name: 'Tunnels' }))
  fireEvent.change(view.getByLabelText('Expires after'), { target: { value: '30' } })
  fireEvent.click(view.getByRole('button', { name: 'Create key' }))

  const dialog = await waitFor(() => view.getByRole('dialog', { name: 'Your new key “Deploy bot”' }))
  assert.equal(stub!.seen('POST /access_keys/')[0]?.body, { name: 'Deploy bot', scopes: ['tunnels'], expires_in_days: 30 })
  assert.is((within(dialog).getByLabelText('Secret') as HTMLInputElement).value, secret)
  const loads = stub!.seen('GET /access_keys/').length

  fireEvent.click(within(dialog).getByRole('button', { name: 'I have stored it' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  await waitFor(() => assert.ok(stub!.seen('GET /access_keys/').length > loads, 'the list reloads'))
  await waitFor(() => view.getByText('Deploy bot'))
  const fields = [...document.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value)
  assert.not.ok(document.documentElement.outerHTML.includes(secret.slice(13)), 'the markup holds the secret')
  assert.not.ok(fields.some((value) => value.includes(secret.slice(13))), 'a field holds the secret')
  assert.ok(within(rowOf('Deploy bot')).getByText('edk_1a2b3c4d…'))
})

test('marks in words the keys in the last part of their life (under a fifth of it, seven days at most), and no others', async () => {
  const view = open({
    'GET /access_keys/': () =>
      listReply([
        createAccessKey({ name: 'Soon', created_at: daysFromNow(-86.5), expires_at: daysFromNow(3.5) }),
        createAccessKey({ name: 'Next week', created_at: daysFromNow(-82.5), expires_at: daysFromNow(7.5) }),
        createAccessKey({ name: 'Fresh week', created_at: daysFromNow(0), expires_at: daysFromNow(7) }),
        createAccessKey({ name: 'Half week', created_at: daysFromNow(-3.5), expires_at: daysFromNow(3.5) }),
        createAccessKey({ name: 'Last day', created_at: daysFromNow(-6), expires_at: daysFromNow(1) }),
        createAccessKey({ name: 'Later', expires_at: daysFromNow(30.5) }),
        createAccessKey({ name: 'Forever', expires_at: null }),
        createAccessKey({ name: 'Gone', expires_at: daysFromNow(2), revoked_at: daysFromNow(-1) }),
        createAccessKey({ name: 'Past', expires_at: daysFromNow(-2) }),
      ]),
  })
  await waitFor(() => view.getByText('Soon'))
  const marked = (name: string) => within(rowOf(name)).queryByText('Expires soon') !== null
  const names = ['Soon', 'Next week', 'Fresh week', 'Half week', 'Last day', 'Later', 'Forever', 'Gone', 'Past']
  assert.equal(names.map(marked), [true, false, false, false, true, false, false, false, false])
  // After the row's selection box, its name, scopes and last use.
  const expiry = (name: string) => rowOf(name).querySelectorAll('td')[4]?.textContent
  assert.equal(['Soon', 'Later', 'Forever'].map(expiry), ['in 3 d!Expires soon', 'in 30 d', 'never'])
  assert.ok(within(rowOf('Past')).getByText('Expired'))
})

test('keeps a revoked key listed, marked, with no actions', async () => {
  const view = open({
    'GET /access_keys/': () => listReply([createAccessKey({ name: 'Old agent', revoked_at: daysFromNow(-1) }), createAccessKey({ name: 'Agent' })]),
  })
  await waitFor(() => view.getByText('Old agent'))
  const revoked = within(rowOf('Old agent'))
  assert.ok(revoked.getByText('Revoked'))
  assert.is(revoked.queryAllByRole('button').length, 0)
  assert.ok(within(rowOf('Agent')).getByRole('button', { name: 'Revoke Agent' }))
})

test('revokes a key after a confirmation in plain words', async () => {
  const key = createAccessKey({ name: 'Agent' })
  const view = open({ 'GET /access_keys/': () => listReply([key]), [`DELETE /access_keys/${key.id}`]: () => ({ status: 200, body: { ...key, revoked_at: daysFromNow(0) } }) })
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Revoke Agent' })))
  const dialog = await view.findByRole('dialog', { name: 'Revoke the key “Agent”?' })
  assert.match(dialog.textContent ?? '', /stops working at once/)
  assert.is(stub!.seen(`DELETE /access_keys/${key.id}`).length, 0)
  fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }))
  await waitFor(() => assert.is(stub!.seen(`DELETE /access_keys/${key.id}`).length, 1))
})


test('a link with ?new=1 opens the new key form', async () => {
  const view = open({ 'GET /access_keys/': () => listReply([]) }, '/app/access_keys?new=1')
  await waitFor(() => view.getByRole('dialog', { name: 'New access key' }))
})

test.run()
