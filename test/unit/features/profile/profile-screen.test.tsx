import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { AVATAR_MAX_BYTES, avatarAllowed, avatarTypeOf, type SessionRecord } from '../../../../src/contract/profile'
import type { User } from '../../../../src/contract/user'
import ProfileScreen from '../../../../src/features/profile/profile-screen'
import { closeNotice } from '../../../../src/stores/notices'
import { $session, initialSession } from '../../../../src/stores/session'
import { $presence } from '../../../../src/stores/ui'
import { createUser } from '../../contract/factories'
import { cleanup, fireEvent, renderAt, resetSession, waitFor as waitForSoon } from '../helpers'
import { routeFetch, type Handler, type RouteStub } from '../route-stub'

let stub: RouteStub | undefined
/** As Testing Library's, with time for a machine busy running every test file at once. */
const waitFor = <T,>(check: () => T) => waitForSoon(check, { timeout: 3000 })
const RULE = 'Choose a JPEG, PNG or BMP image of at most 100 KB'

const createSession = (overrides: Partial<SessionRecord> = {}): SessionRecord => ({
  id: 's-1',
  created_at: new Date(Date.now() - 3_600_000).toISOString(),
  last_used_at: new Date(Date.now() - 60_000).toISOString(),
  method: 'password',
  ip: '203.0.113.7',
  browser: 'Chrome 126 on Windows',
  current: false,
  remember: false,
  ...overrides,
})

const signIn = (user: User = createUser()) => $session.set({ ...initialSession(), loggedIn: true, user, uid: user.id })

/** The browser's decode of a chosen photo: every file draws, unless a test says otherwise. */
const draws = () => Promise.resolve({ close() {} })
const decoder = globalThis as { createImageBitmap?: unknown }

test.before.each(() => {
  resetSession()
  signIn()
  $presence.set('online')
  decoder.createImageBitmap = draws
})
test.after.each(() => {
  cleanup()
  stub?.restore()
  closeNotice()
})

const open = (routes: Record<string, Handler> = {}) => {
  stub = routeFetch({ 'GET /sessions/': () => ({ status: 200, body: [createSession({ current: true, id: 'mine' })] }), ...routes })
  return renderAt('/app/profile', <ProfileScreen />).view
}

const choose = (view: ReturnType<typeof open>, file: File) =>
  fireEvent.change(view.getByLabelText('Choose a photo', { selector: 'input' }), { target: { files: [file] } })

test('a photo over 100 KB or of another type says why, keeps the rule in view, and is never sent', async () => {
  const view = open()
  choose(view, new File([new Uint8Array(240 * 1024)], 'big.png', { type: 'image/png' }))
  assert.is((await waitFor(() => view.getByRole('alert'))).textContent, 'The picture is 240 KB; the limit is 100 KB')
  assert.ok(view.getByText(RULE), 'the rule stays under the reason')
  choose(view, new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'just-over.png', { type: 'image/png' }))
  assert.is(view.getByRole('alert').textContent, 'The picture is 101 KB; the limit is 100 KB')
  choose(view, new File([new Uint8Array(10)], 'moving.gif', { type: 'image/gif' }))
  assert.is(view.getByRole('alert').textContent, 'This file is not a JPEG, PNG or BMP image')
  assert.is(view.queryByRole('button', { name: 'Upload' }), null)
  assert.equal(stub!.seen('POST /users/self/avatar'), [])
})

test('a file named as a photo that the browser cannot draw is said not to be an image, with no broken preview', async () => {
  decoder.createImageBitmap = () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))
  const view = open()
  choose(view, new File(['<html>not a photo</html>'], 'me.png', { type: 'image/png' }))
  assert.is((await waitFor(() => view.getByRole('alert'))).textContent, 'This file is not an image')
  assert.is(view.queryByRole('img', { name: 'The new photo, not saved yet' }), null)
  assert.is(view.queryByRole('button', { name: 'Upload' }), null)
  assert.equal(stub!.seen('POST /users/self/avatar'), [])
})

test('a photo within the rule is previewed, then sent as its type and shown', async () => {
  const saved = createUser({ avatar: '/avatars/u-1?v=abc' })
  const view = open({ 'POST /users/self/avatar': () => ({ status: 200, body: saved }) })
  choose(view, new File([new Uint8Array(AVATAR_MAX_BYTES)], 'me.jpg', { type: '' }))
  assert.ok(await waitFor(() => view.getByRole('img', { name: 'The new photo, not saved yet' })))
  fireEvent.click(view.getByRole('button', { name: 'Upload' }))
  await waitFor(() => assert.is($session.get().user?.avatar, '/avatars/u-1?v=abc'))
  const [sent] = stub!.seen('POST /users/self/avatar')
  assert.is((sent!.body as Blob).type, 'image/jpeg', 'the type comes from the name when the browser gives none')
  assert.ok(view.getByRole('button', { name: 'Remove photo' }))
})

test("the server's refusal of a photo shows as it says it", async () => {
  const view = open({ 'POST /users/self/avatar': () => ({ status: 400, body: { message: 'Refused by the server' } }) })
  choose(view, new File([new Uint8Array(50)], 'me.png', { type: 'image/png' }))
  fireEvent.click(await waitFor(() => view.getByRole('button', { name: 'Upload' })))
  assert.is((await waitFor(() => view.getByRole('alert'))).textContent, 'Refused by the server')
})

test('the sessions table marks this session and ends another', async () => {
  let sessions = [createSession({ id: 'mine', current: true, browser: 'Firefox 128 on Linux' }), createSession({ id: 'phone', method: 'github' })]
  const view = open({
    'GET /sessions/': () => ({ status: 200, body: sessions }),
    'DELETE /sessions/phone': () => {
      sessions = sessions.slice(0, 1)
      return { status: 200, body: { message: 'The session has ended' } }
    },
  })
  const mine = (await waitFor(() => view.getByText('Firefox 128 on Linux'))).closest('tr')!
  assert.match(mine.textContent ?? '', /This session/)
  assert.is(mine.querySelector('button'), null, 'this session has no End button')
  const phone = view.getByText('Chrome 126 on Windows').closest('tr')!
  assert.match(phone.textContent ?? '', /Github/)
  fireEvent.click(view.getByRole('button', { name: 'End the session of Chrome 126 on Windows from 203.0.113.7' }))
  await waitFor(() => assert.is(view.queryByText('Chrome 126 on Windows'), null))
  assert.is(stub!.seen('DELETE /sessions/phone').length, 1)
})

test('a presence choice shows at once and is saved with the name', async () => {
  const view = open({ 'PUT /users/self': ({ body }) => ({ status: 200, body: createUser(body as Partial<User>) }) })
  fireEvent.click(view.getByRole('radio', { name: 'Busy' }))
  assert.is($presence.get(), 'bussy')
  await waitFor(() => assert.is($session.get().user?.presence, 'bussy'))
  assert.equal(stub!.seen('PUT /users/self')[0]!.body, { name: 'Ada Lovelace', presence: 'bussy' })
})

test('a file is sent only when it is a JPEG, PNG or BMP of at most 100 KB', () => {
  assert.is(avatarTypeOf({ type: 'image/x-ms-bmp', name: 'a.bmp' }), 'image/bmp')
  assert.is(avatarTypeOf({ type: '', name: 'photo.JPEG' }), 'image/jpeg')
  assert.is(avatarTypeOf({ type: 'image/svg+xml', name: 'a.png' }), undefined)
  assert.is(avatarAllowed({ type: 'image/png', name: 'a.png', size: AVATAR_MAX_BYTES }), true)
  assert.is(avatarAllowed({ type: 'image/png', name: 'a.png', size: AVATAR_MAX_BYTES + 1 }), false)
  assert.is(avatarAllowed({ type: 'image/png', name: 'a.png', size: 0 }), false)
})

test.run()
