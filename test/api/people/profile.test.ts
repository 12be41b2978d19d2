import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { avatarOf, entriesBy, pick, userVersion } from '../../fixtures'
import { AVATAR_MAX_BYTES } from '../../../src/contract/profile'
import { call, expectStatus, register, startServer, type Answer, type Tenant, type TestServer } from '../collections/_api'
import { openEvents } from '../collections/_events'
import { bmpImage, JPEG_IMAGE, pngImage } from './_images'

let server: TestServer
const PASSWORD = 'Tenant-Password-9431'
/** Each refusal says why, in words a person who chose the file understands. */
const TOO_LARGE = 'The photo is larger than 100 KB, the limit: choose a smaller one'
const NOT_IMAGE = 'This file is not a JPEG, PNG or BMP image that can be read'
const WRONG_TYPE = 'The photo must be a JPEG, PNG or BMP image'
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

test.before(async () => {
  server = await startServer()
})

test.after(async () => {
  await server.close()
})

/** Signs `who` in once more, from `ip` with the browser `agent`; returns the new session's token. */
async function signInAgain(who: { email: string }, password = PASSWORD, agent = CHROME, ip = '203.0.113.7'): Promise<string> {
  const res = await fetch(`${server.url}/api/login/users/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': agent, 'X-Forwarded-For': ip },
    body: JSON.stringify({ email: who.email, password }),
  })
  const body = (await res.json()) as { user?: { auth_key: string } }
  if (res.status !== 200 || !body.user) throw new Error(`sign-in answered ${res.status}`)
  return body.user.auth_key
}

/** Sends `bytes` as the body of `POST /users/self/avatar`, stated as `type`. */
async function upload(token: string, bytes: Uint8Array | string, type: string): Promise<Answer> {
  const res = await fetch(`${server.url}/api/users/self/avatar`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': type },
    body: typeof bytes === 'string' ? bytes : new Blob([new Uint8Array(bytes)]),
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers, text }
}

/** The photo at the address the user record gives. */
const fetchAvatar = (avatar: string) => fetch(`${server.url}/api${avatar}`)

const self = async (who: Tenant) => expectStatus(await call(server, 'GET', '/users/self', who.token), 200, 'self')
const auditOf = async (who: Tenant, action: string) =>
  pick(await entriesBy(server, who.userId, action), ['actor_id', 'record_id', 'collection', 'organization_id'])

test('a user changes their own name and presence, without the users right', async () => {
  const who = await register(server, 'Before Name')
  const before = await userVersion(server, who.userId)
  const answer = expectStatus(await call(server, 'PUT', '/users/self', who.token, { name: '  Ada Lovelace ', presence: 'bussy' }), 200)
  assert.is(answer.name, 'Ada Lovelace')
  assert.is(answer.presence, 'bussy')
  assert.is(answer.email, who.email)
  assert.ok(Array.isArray(answer.rights), 'answers the user as GET /users/self does')
  const now = await self(who)
  assert.equal([now.name, now.presence], ['Ada Lovelace', 'bussy'])
  assert.is(await userVersion(server, who.userId), before + 1)
  assert.is((await auditOf(who, 'update')).length, 1)
})

test('the profile update refuses a blank name, an unknown presence and no session', async () => {
  const who = await register(server, 'Kept Name')
  const blank = await call(server, 'PUT', '/users/self', who.token, { name: '   ', presence: 'online' })
  assert.is(blank.status, 400)
  assert.ok(blank.body.errors.name)
  const away = await call(server, 'PUT', '/users/self', who.token, { name: 'Kept Name', presence: 'away' })
  assert.is(away.status, 400)
  assert.ok(away.body.errors.presence)
  const long = await call(server, 'PUT', '/users/self', who.token, { name: 'x'.repeat(121), presence: 'online' })
  assert.is(long.status, 400)
  assert.is((await call(server, 'PUT', '/users/self', undefined, { name: 'Nobody', presence: 'online' })).status, 401)
  assert.is((await self(who)).name, 'Kept Name')
})

test('a PNG, a JPEG and a BMP are stored and served back byte for byte with a fixed type', async () => {
  const who = await register(server)
  for (const [bytes, type] of [
    [pngImage(), 'image/png'],
    [JPEG_IMAGE, 'image/jpeg'],
    [bmpImage(), 'image/bmp'],
  ] as const) {
    const answer = expectStatus(await upload(who.token, bytes, type), 200, type)
    assert.match(answer.avatar, new RegExp(`^/avatars/${who.userId}\\?v=[0-9a-f]{16}$`))
    assert.is((await self(who)).avatar, answer.avatar)
    const res = await fetchAvatar(answer.avatar)
    assert.is(res.status, 200)
    assert.is(res.headers.get('Content-Type'), type)
    assert.is(res.headers.get('X-Content-Type-Options'), 'nosniff')
    assert.match(res.headers.get('Content-Security-Policy') ?? '', /^default-src 'none'/)
    assert.is(res.headers.get('Cache-Control'), 'public, max-age=31536000, immutable')
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(bytes), `${type} comes back as sent`)
  }
})

test('each upload has its own address; an old address, or the id without the photo’s hash, finds nothing', async () => {
  const who = await register(server)
  const first = expectStatus(await upload(who.token, pngImage({ rgb: [1, 2, 3] }), 'image/png'), 200).avatar
  const second = expectStatus(await upload(who.token, pngImage({ rgb: [4, 5, 6] }), 'image/png'), 200).avatar
  assert.is.not(first, second)
  assert.is((await fetchAvatar(first)).status, 404, 'the old address')
  assert.is((await fetchAvatar(second.replace(/\?v=.*/, ''))).status, 404, 'the id alone')
  assert.is((await fetchAvatar(second.replace(/v=.*/, 'v=0000000000000000'))).status, 404, 'a guessed hash')
  assert.ok(Buffer.from(await (await fetchAvatar(second)).arrayBuffer()).equals(pngImage({ rgb: [4, 5, 6] })), 'the current address, the newest photo')
})

test('a file of 100 KB is taken, one byte more is refused as too large', async () => {
  const who = await register(server)
  const most = pngImage({ size: AVATAR_MAX_BYTES })
  assert.is(most.length, 102400)
  expectStatus(await upload(who.token, most, 'image/png'), 200, 'exactly 100 KB')
  const before = (await avatarOf(server, who.userId))?.bytes
  const over = await upload(who.token, pngImage({ size: AVATAR_MAX_BYTES + 1, rgb: [9, 9, 9] }), 'image/png')
  assert.is(over.status, 413)
  assert.is(over.body.message, TOO_LARGE)
  assert.equal((await avatarOf(server, who.userId))?.bytes, before, 'nothing changed')
})

test('a body streamed without a length is cut at 100 KB too', async () => {
  const who = await register(server)
  const bytes = pngImage({ size: AVATAR_MAX_BYTES + 5000 })
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 16_384) controller.enqueue(bytes.subarray(at, at + 16_384))
      controller.close()
    },
  })
  const res = await fetch(`${server.url}/api/users/self/avatar`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'image/png' },
    body,
    duplex: 'half',
  } as RequestInit)
  assert.is(res.status, 413)
  assert.is(((await res.json()) as { message: string }).message, TOO_LARGE)
  assert.is(await avatarOf(server, who.userId), undefined)
})

test('what only claims to be an image is refused as not an image, another type as one', async () => {
  const who = await register(server)
  const html = '<!doctype html><html><body><script>alert(document.domain)</script></body></html>'
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>'
  const magicOnly = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(html)])
  // Each of these has a header that reads as an image of 8 x 8 or 4 x 4 pixels.
  const pngThenHtml = Buffer.concat([pngImage().subarray(0, 33), Buffer.from(html)])
  const bmpThenHtml = Buffer.concat([bmpImage().subarray(0, 26), Buffer.from(html)])
  const jpegCut = JPEG_IMAGE.subarray(0, JPEG_IMAGE.length - 30)
  for (const [bytes, what] of [
    [html, 'html'],
    [svg, 'svg'],
    [magicOnly, 'png signature then html'],
    [pngThenHtml, 'png header then html'],
    [bmpThenHtml, 'bmp header then html'],
    [jpegCut, 'jpeg without its end'],
    [Buffer.concat([Buffer.from('BM'), Buffer.alloc(60, 0x41)]), 'BM then junk'],
    [pngImage({ width: 5000, height: 1 }), 'a 5000 px wide strip'],
    [Buffer.alloc(0), 'empty'],
  ] as const) {
    const answer = await upload(who.token, bytes, 'image/png')
    assert.is(answer.status, 400, what)
    assert.is(answer.body.message, NOT_IMAGE, what)
  }
  const wrongType = await upload(who.token, pngImage(), 'text/html')
  assert.is(wrongType.status, 415)
  assert.is(wrongType.body.message, WRONG_TYPE)
  assert.is((await upload('not-a-token', pngImage(), 'image/png')).status, 401)
  assert.is(await avatarOf(server, who.userId), undefined)
  assert.is((await self(who)).avatar, '')
})

test('a PNG sent as a BMP is kept and served as a PNG', async () => {
  const who = await register(server)
  const answer = expectStatus(await upload(who.token, pngImage(), 'image/bmp'), 200)
  assert.is((await avatarOf(server, who.userId))?.content_type, 'image/png')
  assert.is((await fetchAvatar(answer.avatar)).headers.get('Content-Type'), 'image/png')
})

test("a user's photo address serves that user's photo only; a removed photo is gone", async () => {
  const ada = await register(server)
  const bob = await register(server)
  const adaPhoto = pngImage({ rgb: [255, 0, 0] })
  const bobPhoto = bmpImage({ bgr: [0, 0, 255] })
  const adaUrl = expectStatus(await upload(ada.token, adaPhoto, 'image/png'), 200).avatar as string
  const bobUrl = expectStatus(await upload(bob.token, bobPhoto, 'image/bmp'), 200).avatar as string
  assert.ok(adaUrl.includes(ada.userId) && bobUrl.includes(bob.userId))
  assert.ok(Buffer.from(await (await fetchAvatar(adaUrl)).arrayBuffer()).equals(adaPhoto))
  assert.ok(Buffer.from(await (await fetchAvatar(bobUrl)).arrayBuffer()).equals(bobPhoto))
  // Swapping the id in one's own address finds nothing: neither one's own photo nor theirs.
  assert.is((await fetchAvatar(adaUrl.replace(ada.userId, bob.userId))).status, 404)

  const removed = expectStatus(await call(server, 'DELETE', '/users/self/avatar', bob.token), 200)
  assert.is(removed.avatar, '')
  assert.is((await fetchAvatar(bobUrl)).status, 404)
  assert.ok(Buffer.from(await (await fetchAvatar(adaUrl)).arrayBuffer()).equals(adaPhoto), "another's removal leaves Ada's")
  assert.is((await fetchAvatar('/avatars/00000000-0000-0000-0000-000000000000')).status, 404)
})

test('a password change needs the current password and ends every other session at once', async () => {
  const who = await register(server, 'Pat Changer')
  const other = await signInAgain(who)
  const third = await signInAgain(who, PASSWORD, FIREFOX)
  const stream = await openEvents(server, other)

  const wrong = await call(server, 'POST', '/users/self/password', who.token, { current: 'not-the-password', password: 'A-new-Password-77' })
  assert.is(wrong.status, 400)
  assert.is(wrong.body.errors.current, 'The current password is wrong')
  const common = await call(server, 'POST', '/users/self/password', who.token, { current: PASSWORD, password: 'password123' })
  assert.is(common.status, 400)
  assert.ok(common.body.errors.password)
  const short = await call(server, 'POST', '/users/self/password', who.token, { current: PASSWORD, password: 'short' })
  assert.is(short.status, 400)
  assert.is((await call(server, 'GET', '/users/self', other)).status, 200, 'a refused change ends nothing')

  expectStatus(await call(server, 'POST', '/users/self/password', who.token, { current: PASSWORD, password: 'A-new-Password-77' }), 200)
  assert.is((await call(server, 'GET', '/users/self', other)).status, 401)
  assert.is((await call(server, 'GET', '/users/self', third)).status, 401)
  assert.ok(await stream.waitForEnd(2000), "the other session's events stream ends")
  assert.is((await call(server, 'GET', '/users/self', who.token)).status, 200, 'the calling session goes on')
  assert.equal(
    (await auditOf(who, 'password')).map(({ collection, record_id, organization_id }) => ({ collection, record_id, organization_id })),
    [{ collection: 'users', record_id: who.userId, organization_id: who.organizationId }],
  )
  await signInAgain(who, 'A-new-Password-77')
  const old = await call(server, 'POST', '/login/users/', undefined, { email: who.email, password: PASSWORD })
  assert.is(old.status, 401, 'the old password no longer signs in')
  const visible = expectStatus(await call(server, 'GET', `/audit/?collection=users&record_id=${who.userId}`, who.token), 200)
  assert.ok(visible.some((entry: { action: string }) => entry.action === 'password'), 'the trail shows it')
})

test('the sessions list shows how, where and in what each session signed in, and marks this one', async () => {
  const who = await register(server)
  const firefox = await signInAgain(who, PASSWORD, FIREFOX, '203.0.113.99')
  const sessions = expectStatus(await call(server, 'GET', '/sessions/', firefox), 200) as any[]
  assert.is(sessions.length, 2)
  const mine = sessions.filter((session) => session.current)
  assert.is(mine.length, 1)
  assert.is(mine[0].browser, 'Firefox 128 on Linux')
  assert.is(mine[0].ip, '203.0.113.99')
  assert.is(mine[0].method, 'password')
  assert.is(sessions[0].current, true, 'the newest use comes first')
  for (const session of sessions) {
    assert.equal(Object.keys(session).sort(), ['browser', 'created_at', 'current', 'id', 'ip', 'last_used_at', 'method', 'remember'])
    assert.not.ok(JSON.stringify(session).includes(firefox), 'no token in the list')
  }
})

test("ending a session cuts its token and stream; another user's session id answers 404", async () => {
  const who = await register(server)
  const stranger = await register(server)
  const doomed = await signInAgain(who, PASSWORD, FIREFOX)
  const stream = await openEvents(server, doomed)
  const list = expectStatus(await call(server, 'GET', '/sessions/', who.token), 200) as any[]
  const target = list.find((session) => !session.current && session.browser.startsWith('Firefox'))
  assert.ok(target)

  const strangers = expectStatus(await call(server, 'GET', '/sessions/', stranger.token), 200) as any[]
  const theirs = await call(server, 'DELETE', `/sessions/${strangers[0].id}`, who.token)
  assert.is(theirs.status, 404)
  assert.is(theirs.body.message, 'This session has already ended')
  assert.is((await call(server, 'GET', '/users/self', stranger.token)).status, 200, "the stranger's session goes on")

  expectStatus(await call(server, 'DELETE', `/sessions/${target.id}`, who.token), 200)
  assert.is((await call(server, 'GET', '/users/self', doomed)).status, 401)
  assert.ok(await stream.waitForEnd(2000), 'its events stream ends')
  assert.is((await call(server, 'DELETE', `/sessions/${target.id}`, who.token)).status, 404, 'an ended session')
  assert.is((await call(server, 'GET', '/users/self', who.token)).status, 200)
  assert.is((await auditOf(who, 'end_session')).length, 1)
})

test('ending all other sessions leaves only this one', async () => {
  const who = await register(server)
  const others = [await signInAgain(who), await signInAgain(who, PASSWORD, FIREFOX)]
  const stranger = await register(server)
  expectStatus(await call(server, 'POST', '/sessions/end-others', who.token), 200)
  for (const token of others) assert.is((await call(server, 'GET', '/users/self', token)).status, 401)
  const left = expectStatus(await call(server, 'GET', '/sessions/', who.token), 200) as any[]
  assert.equal(left.map((session) => session.current), [true])
  assert.is((await call(server, 'GET', '/users/self', stranger.token)).status, 200)
  assert.is((await call(server, 'GET', '/sessions/')).status, 401)
})

test.run()
