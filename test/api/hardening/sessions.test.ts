import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { sessionCount } from '../../fixtures'
import { ADMIN, startTestServer, type TestServer } from '../_server'

let server: TestServer

const HOUR = 3600_000
const DAY = 24 * HOUR

test.before(async () => {
  server = await startTestServer({
    sessions: { remembered: { idleSeconds: 7 * 24 * 3600, maxSeconds: 30 * 24 * 3600 }, short: { idleSeconds: 3600, maxSeconds: 8 * 3600 } },
  })
})

test.after(async () => {
  await server.close()
})

async function signIn(remember?: boolean): Promise<string> {
  const res = await server.post('/login/users/', { email: ADMIN.email, password: ADMIN.password, ...(remember === undefined ? {} : { remember }) })
  assert.is(res.status, 200)
  return ((await res.json()) as { user: { auth_key: string } }).user.auth_key
}

const selfStatus = async (token: string) => (await server.get('/users/self', token)).status

test('a session without "Remember me" ends after an hour unused', async () => {
  const token = await signIn(false)
  server.advance(59 * 60_000)
  assert.is(await selfStatus(token), 200)
  server.advance(59 * 60_000)
  assert.is(await selfStatus(token), 200, 'use pushes the idle end on')
  server.advance(61 * 60_000)
  assert.is(await selfStatus(token), 401)
})

test('a session without "Remember me" ends at its absolute limit even when in use', async () => {
  const token = await signIn()
  for (let hour = 0; hour < 7; hour++) {
    server.advance(50 * 60_000)
    assert.is(await selfStatus(token), 200, `after ${hour} h`)
  }
  server.advance(80 * 60_000)
  assert.is(await selfStatus(token), 401)
})

test('"Remember me" keeps a session through a night and a weekend, not past its limits', async () => {
  const token = await signIn(true)
  server.advance(3 * DAY)
  assert.is(await selfStatus(token), 200)
  server.advance(8 * DAY)
  assert.is(await selfStatus(token), 401, 'idle for 8 days')

  const busy = await signIn(true)
  for (let day = 0; day < 29; day++) {
    server.advance(DAY)
    assert.is(await selfStatus(busy), 200, `day ${day}`)
  }
  server.advance(2 * DAY)
  assert.is(await selfStatus(busy), 401, 'past 30 days')
})

test('a token past its end no longer works, and ended tokens are pruned', async () => {
  const token = await signIn(true)
  assert.ok((await sessionCount(server)) > 0)
  server.advance(400 * DAY)
  assert.is(await selfStatus(token), 401)
  await server.sweep()
  assert.is(await sessionCount(server), 0)
})

test.run()
