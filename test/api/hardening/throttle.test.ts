import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { liveResetLinks } from '../../fixtures'
import { ADMIN, startTestServer, type TestServer } from '../_server'

let server: TestServer

test.before(async () => {
  server = await startTestServer({ trustProxy: 1 })
})

test.after(async () => {
  await server.close()
})

/** A JSON POST that the server sees as coming from `client`. */
const postFrom = (client: string, route: string, body: unknown) =>
  fetch(`${server.url}/api${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
    body: JSON.stringify(body),
  })

const statuses = (answers: Response[]) => answers.map((res) => res.status)
const count = (list: number[], status: number) => list.filter((s) => s === status).length

test('parallel guesses cannot pass one check together: the right password at position 80 of 100 is refused', async () => {
  await postFrom('198.51.100.1', '/register/', { name: 'Grace', email: 'grace@example.com', password: 'compiler-Grace-1' })
  const guesses = Array.from({ length: 100 }, (_, i) => (i === 79 ? 'compiler-Grace-1' : `wrong-guess-${i}`))
  const answers = await Promise.all(guesses.map((password) => postFrom('203.0.113.9', '/login/users/', { email: 'grace@example.com', password })))
  const list = statuses(answers)
  assert.is(count(list, 200), 0, 'the right password was let through')
  assert.is(count(list, 401), 10)
  assert.is(count(list, 429), 90)
})

test('at a fresh address the 11th wrong try is the first 429, with Retry-After', async () => {
  const list: number[] = []
  for (let i = 0; i < 12; i++) list.push((await postFrom('203.0.113.10', '/login/users/', { email: 'fresh@example.com', password: `x-${i}` })).status)
  assert.equal(list, [...Array(10).fill(401), 429, 429])
  const blocked = await postFrom('203.0.113.10', '/login/users/', { email: 'fresh@example.com', password: 'x' })
  const retryAfter = Number(blocked.headers.get('Retry-After'))
  assert.ok(retryAfter > 14 * 60 && retryAfter <= 15 * 60, `Retry-After ${retryAfter}`)
})

test('a stranger who uses up the tries on an address does not lock its owner out', async () => {
  for (let i = 0; i < 12; i++) await postFrom('203.0.113.11', '/login/users/', { email: ADMIN.email, password: `guess-${i}` })
  assert.is((await postFrom('203.0.113.11', '/login/users/', { email: ADMIN.email, password: ADMIN.password })).status, 429)
  assert.is((await postFrom('198.51.100.20', '/login/users/', { email: ADMIN.email, password: ADMIN.password })).status, 200)
})

test('a text/plain post from another origin is refused with 415 and counts no attempt', async () => {
  for (let i = 0; i < 12; i++) {
    const res = await fetch(`${server.url}/api/login/users/`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': '203.0.113.12', Origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'victim@example.com', password: `guess-${i}` }),
    })
    assert.is(res.status, 415)
  }
  assert.is((await postFrom('203.0.113.12', '/login/users/', { email: 'victim@example.com', password: 'guess' })).status, 401)
})

test('one client spraying many addresses is stopped before the 50th', async () => {
  const list: number[] = []
  for (let i = 0; i < 50; i++) list.push((await postFrom('203.0.113.13', '/login/users/', { email: `spray-${i}@example.com`, password: 'Summer2024!' })).status)
  assert.is(count(list, 401), 30)
  assert.is(list.indexOf(429), 30)
})

test('a successful sign-in gives its attempt back, so people behind one address can all sign in', async () => {
  for (let i = 0; i < 40; i++) {
    assert.is((await postFrom('203.0.113.14', '/login/users/', { email: ADMIN.email, password: ADMIN.password })).status, 200)
  }
})

test('forgot-password mails an address at most 3 times an hour from one client, and only the newest link works', async () => {
  const list: number[] = []
  for (let i = 0; i < 6; i++) list.push((await postFrom('203.0.113.15', '/password/forgot', { email: ADMIN.email })).status)
  assert.equal(list, [200, 200, 200, 429, 429, 429])
  // The link is written after the answer, so that the answer's time tells nothing.
  await server.idle()
  assert.is(await liveResetLinks(server), 1)
})

test('one client cannot ask for reset mails to more than 10 addresses an hour', async () => {
  const list: number[] = []
  for (let i = 0; i < 12; i++) list.push((await postFrom('203.0.113.16', '/password/forgot', { email: `someone-${i}@example.com` })).status)
  assert.equal(list, [...Array(10).fill(200), 429, 429])
})

test('one client registers at most 10 accounts an hour', async () => {
  const list: number[] = []
  for (let i = 0; i < 12; i++) {
    list.push((await postFrom('203.0.113.17', '/register/', { name: `Bot ${i}`, email: `bot-${i}@example.com`, password: `bot-Password-${i}` })).status)
  }
  assert.equal(list, [...Array(10).fill(201), 429, 429])
})

test('reset and the sign-in code exchange are limited per client', async () => {
  const resets: number[] = []
  for (let i = 0; i < 11; i++) resets.push((await postFrom('203.0.113.18', '/password/reset', { token: `guess-${i}`, password: 'a-new-Password-1' })).status)
  assert.equal(resets, [...Array(10).fill(400), 429])
  const codes: number[] = []
  for (let i = 0; i < 21; i++) codes.push((await postFrom('203.0.113.19', '/auth/exchange', { code: `guess-${i}` })).status)
  assert.equal(codes, [...Array(20).fill(400), 429])
})

test('X-Forwarded-For is ignored unless the server trusts a proxy', async () => {
  const direct = await startTestServer()
  try {
    const list: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`${direct.url}/api/login/users/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `192.0.2.${i}` },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'guess' }),
      })
      list.push(res.status)
    }
    assert.equal(list, [...Array(10).fill(401), 429])
  } finally {
    await direct.close()
  }
})

test.run()
