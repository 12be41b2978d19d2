import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { accountByEmail, postgresDatabaseBytes } from '../../fixtures'
import { ADMIN, POSTGRES_URL, readResetMail, signIn, startTestServer, type TestServer } from '../_server'
import { call, expectStatus } from '../collections/_api'
import { newAddress, roleIds, waitForMail } from '../people/_people'

let server: TestServer

test.before(async () => {
  server = await startTestServer({ trustProxy: 1, requestTimeoutMs: 1000 })
})

test.after(async () => {
  await server.close()
})

let clients = 0
/** Each call from a client of its own, so the per-client limits do not mix the cases. */
const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${Math.floor(++clients / 250)}.${clients % 250}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

/** The database's size on disk: SQLite's file and its WAL, or PostgreSQL's database. */
const dbBytes = async () =>
  POSTGRES_URL
    ? await postgresDatabaseBytes(server)
    : fs.statSync(path.join(server.dataDir, 'console.db')).size + (fs.statSync(path.join(server.dataDir, 'console.db-wal'), { throwIfNoEntry: false })?.size ?? 0)

test('a 1 MB address is refused with 400 before anything is stored', async () => {
  const before = await dbBytes()
  for (let i = 0; i < 20; i++) {
    const res = await post('/login/users/', { email: `${'a'.repeat(1000 * 1000)}${i}@example.com`, password: 'x' })
    assert.is(res.status, 400)
    assert.equal(await res.json(), { message: 'Some fields are not valid', errors: { email: 'Too long' } })
  }
  const grown = (await dbBytes()) - before
  assert.ok(grown < 100_000, `the database grew by ${grown} bytes`)
})

test('register refuses a 100 KB address, a 1 MB password and a 121-character name', async () => {
  const cases: [Record<string, string>, Record<string, string>][] = [
    [{ email: `${'a'.repeat(100_000)}@example.com` }, { email: 'Too long' }],
    [{ password: 'p'.repeat(1000 * 1000) }, { password: 'Too long' }],
    [{ name: 'n'.repeat(121) }, { name: 'Too long' }],
    [{ email: `${'a'.repeat(250)}@example.com` }, { email: 'Too long' }],
  ]
  for (const [change, errors] of cases) {
    const res = await post('/register/', { name: 'Long', email: 'long@example.com', password: 'long-Password-1', ...change })
    assert.is(res.status, 400)
    assert.equal(((await res.json()) as { errors: unknown }).errors, errors)
  }
})

test('JSON nested 5,000 deep is a 400, never a 500', async () => {
  for (const depth of [33, 3000, 5000, 100_000]) {
    const res = await post('/login/users/', `${'['.repeat(depth)}${']'.repeat(depth)}`)
    assert.is(res.status, 400, `depth ${depth}`)
    assert.equal(await res.json(), { message: 'The request body nests deeper than 32 levels' })
  }
  const deepInString = await post('/login/users/', { email: ADMIN.email, password: `${'['.repeat(5000)}` })
  assert.is(deepInString.status, 400, 'brackets inside a string are text')
  assert.equal(((await deepInString.json()) as { errors: unknown }).errors, { password: 'Too long' })
  assert.not.ok(server.logs.some((line) => /RangeError|stack/i.test(line)))
})

test('a body that is not sent as application/json is refused with 415', async () => {
  const body = JSON.stringify({ email: ADMIN.email, password: ADMIN.password })
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', '']) {
    const res = await post('/login/users/', body, { 'Content-Type': type })
    assert.is(res.status, 415, type)
    assert.equal(await res.json(), { message: 'Send the request body as JSON, with Content-Type: application/json' })
  }
  assert.is((await post('/login/users/', body, { 'Content-Type': 'application/json; charset=utf-8' })).status, 200)
})

test('a request whose body never arrives is closed, not held open', async () => {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => {
      socket.write('POST /api/login/users/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email"')
    })
    let received = ''
    socket.on('data', (chunk) => (received += chunk))
    socket.on('close', () => resolve(received))
    socket.on('error', reject)
    setTimeout(() => {
      socket.destroy()
      reject(new Error(`still open after 5 s; received: ${received}`))
    }, 5000)
  })
  assert.match(answer, /^HTTP\/1\.1 408/)
})

test('passwords made of lone surrogates are refused on every route that takes one, so two of them cannot stand for each other', async () => {
  const lone = '\uD800\uD801\uD802\uD803\uD804\uD805\uD806\uD807'
  const token = await signIn(server)
  const bearer = { Authorization: `Bearer ${token}` }
  const { organization_id: organizationId } = (await accountByEmail(server, ADMIN.email))!
  const invitee = newAddress('lone')
  expectStatus(await call(server, 'POST', '/users/', token, { email: invitee, roles: [(await roleIds(server, organizationId)).Viewer] }), 201)
  const invitation = (await waitForMail(server.dataDir, invitee)).token
  assert.is((await post('/password/forgot', { email: ADMIN.email })).status, 200)
  const reset = (await readResetMail(server.dataDir, ADMIN.email)).token
  assert.ok(invitation && reset, 'a real invitation and a real reset link')

  const answers = {
    register: await post('/register/', { name: 'Lone', email: 'lone@example.com', password: lone }),
    signIn: await post('/login/users/', { email: ADMIN.email, password: `${ADMIN.password}\uDC00` }),
    reset: await post('/password/reset', { token: reset, password: `${lone}-Reset-1` }),
    accept: await post('/invitations/accept', { token: invitation, name: 'Lone', password: `${lone}-Accept-1` }),
    newPassword: await post('/users/self/password', { current: ADMIN.password, password: `${lone}-Change-1` }, bearer),
    currentPassword: await post('/users/self/password', { current: `${ADMIN.password}\uDC00`, password: 'Fresh-Password-77' }, bearer),
  }
  const refused = { status: 400, errors: { password: 'Contains characters that are not allowed' } }
  const seen = Object.fromEntries(
    await Promise.all(Object.entries(answers).map(async ([name, res]) => [name, { status: res.status, errors: ((await res.json()) as { errors?: unknown }).errors }])),
  )
  assert.equal(seen, {
    register: refused,
    signIn: refused,
    reset: refused,
    accept: refused,
    newPassword: refused,
    currentPassword: { status: 400, errors: { current: 'Contains characters that are not allowed' } },
  })
  // Nothing changed: the admin's password still signs in, and the invitation is still open.
  assert.ok(await signIn(server))
  assert.is((await post('/invitations/accept', { token: invitation, name: 'Lone', password: 'Lone-Accept-Password-1' })).status, 200)
})

test('names lose NUL, control and bidi-override characters', async () => {
  const res = await post('/register/', { name: '\u202EEvil\u0000 Name\u200B\u0007', email: 'bidi@example.com', password: 'bidi-Password-1' })
  assert.is(res.status, 201)
  const { user } = (await res.json()) as { user: { name: string } }
  assert.is(user.name, 'Evil Name')
  const onlyInvisible = await post('/register/', { name: '\u202E\u0000', email: 'bidi2@example.com', password: 'bidi-Password-1' })
  assert.equal(((await onlyInvisible.json()) as { errors: unknown }).errors, { name: 'Required' })
})

test('weak passwords are refused: common ones and the account\'s own address', async () => {
  const cases: [string, string][] = [
    ['12345678', 'This password is too common; choose another'],
    ['password', 'This password is too common; choose another'],
    ['PassWord', 'This password is too common; choose another'],
    ['weakling@example.com', 'The password must not contain your e-mail address'],
    ['WEAKLING@example.com!', 'The password must not contain your e-mail address'],
    ['weakling1', 'The password must not contain your e-mail address'],
  ]
  for (const [password, text] of cases) {
    const res = await post('/register/', { name: 'Weak', email: 'weakling@example.com', password })
    assert.is(res.status, 400, password)
    assert.equal(await res.json(), { message: 'Choose a stronger password', errors: { password: text } }, password)
  }
})

test('passwords are compared in NFKC form: the full-width spelling signs in', async () => {
  const res = await post('/register/', { name: 'Wide', email: 'wide@example.com', password: 'ｗｉｄｅ-Ｐａｓｓ-９' })
  assert.is(res.status, 201)
  assert.ok(await signIn(server, 'wide@example.com', 'wide-Pass-9'))
})

test.run()
