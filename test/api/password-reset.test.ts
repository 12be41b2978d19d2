import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { until } from '../fixtures/until'
import { ADMIN, outboxFiles, readResetMail, signIn, startTestServer, type TestServer } from './_server'

let server: TestServer
const user = { name: 'Grace Hopper', email: 'grace@example.com', password: 'cobol-first' }

test.before(async () => {
  server = await startTestServer({ publicUrl: 'https://console.example.com/' })
  const res = await server.post('/register/', user)
  assert.is(res.status, 201)
})

test.after(async () => {
  await server.close()
})

test('answers forgot the same for an unknown and a known address, and mails only the known', async () => {
  const unknown = await server.post('/password/forgot', { email: 'nobody@example.com' })
  const known = await server.post('/password/forgot', { email: user.email })
  assert.is(unknown.status, 200)
  assert.is(known.status, 200)
  const body = await known.text()
  assert.is(await unknown.text(), body)
  assert.equal(JSON.parse(body), { message: 'If an account exists for this address, a reset link is on its way' })

  const mail = await readResetMail(server.dataDir, user.email)
  assert.match(mail.raw, /^Subject: Reset your password\r$/m)
  assert.ok(mail.link.startsWith('https://console.example.com/reset-password?token='), mail.link)
  assert.is(outboxFiles(server.dataDir).length, 1)
  // The outbox's log line follows its file: on a loaded machine, a moment later.
  await until(() => server.logs.some((line) => line.includes(mail.file)), { what: 'the log names the file' })
  assert.not.ok(server.logs.some((line) => line.includes(mail.token)), 'the log never holds the live link')
})

test('resets the password once with the mailed token and signs out every session', async () => {
  const known = outboxFiles(server.dataDir)
  const session = await signIn(server, user.email, user.password)
  await server.post('/password/forgot', { email: user.email })
  const { token } = await readResetMail(server.dataDir, user.email, known)

  const res = await server.post('/password/reset', { token, password: 'new-password-1' })
  assert.is(res.status, 200)
  assert.equal(await res.json(), { message: 'Password changed' })

  assert.is((await server.get('/users/self', session)).status, 401)
  assert.is((await server.post('/login/users/', { email: user.email, password: user.password })).status, 401)
  assert.is((await server.post('/login/users/', { email: user.email, password: 'new-password-1' })).status, 200)

  const again = await server.post('/password/reset', { token, password: 'another-password' })
  assert.is(again.status, 400)
  assert.equal(await again.json(), { message: 'This reset link is invalid or has expired' })
})

test('refuses a token after 60 minutes', async () => {
  const known = outboxFiles(server.dataDir)
  await server.post('/password/forgot', { email: ADMIN.email })
  const { token } = await readResetMail(server.dataDir, ADMIN.email, known)
  server.advance(61 * 60 * 1000)
  const res = await server.post('/password/reset', { token, password: 'too-late-password' })
  assert.is(res.status, 400)
  assert.is(await signIn(server).then(Boolean), true)
})

test('refuses a made-up token', async () => {
  const res = await server.post('/password/reset', { token: 'made-up', password: 'whatever-1' })
  assert.is(res.status, 400)
  assert.equal(await res.json(), { message: 'This reset link is invalid or has expired' })
})

test.run()
