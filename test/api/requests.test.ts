import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Docs } from '../../src/server/docs/routes'
import { message } from '../../src/server/messages'
import { startTestServer, type TestServer } from './_server'

let server: TestServer

const brokenDocs = new Proxy<Docs>(
  {},
  {
    getOwnPropertyDescriptor: () => {
      throw new Error('docs exploded')
    },
  },
)

test.before(async () => {
  server = await startTestServer()
})

test.after(async () => {
  await server.close()
})

test('answers malformed JSON with 400 and a message', async () => {
  const res = await server.post('/login/users/', '{"email": "admin@example.com",')
  assert.is(res.status, 400)
  assert.equal(await res.json(), { message: 'The request body is not valid JSON' })
})

test('answers invalid fields with 400 and English messages per field', async () => {
  const res = await server.post('/register/', { name: '', email: 'not-an-address', password: 'short' })
  assert.is(res.status, 400)
  const body = (await res.json()) as { message: string; errors: Record<string, string> }
  assert.is(body.message, 'Some fields are not valid')
  assert.is(body.errors.email, 'Invalid email')
  assert.is(body.errors.name, 'Required')
  assert.is(body.errors.password, 'Use at least 8 characters')

  const missing = await server.post('/login/users/', { email: 'admin@example.com' })
  assert.equal(await missing.json(), { message: 'Some fields are not valid', errors: { password: 'Required' } })
})

test('answers headers or an address over 16 KiB with 431 and the API message', async () => {
  const big = 'a'.repeat(20_000)
  for (const [route, headers] of [['/api/users/self', { 'X-Big': big }], [`/api/users/self?q=${big}`, {}]] as const) {
    const res = await fetch(`${server.url}${route}`, { headers })
    assert.is(res.status, 431)
    assert.match(res.headers.get('Content-Type') ?? '', /^application\/json/)
    assert.equal(await res.json(), { message: message('headersTooLarge') })
  }
})

test('answers a body over 1 MiB with 413, declared or streamed', async () => {
  const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) })
  const declared = await server.post('/login/users/', big)
  assert.is(declared.status, 413)
  assert.equal(await declared.json(), { message: 'The request body is larger than 1 MiB' })

  const chunk = new Uint8Array(64 * 1024).fill(120)
  let sent = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= 20) return controller.close()
      sent++
      controller.enqueue(chunk)
    },
  })
  const streamed = await fetch(`${server.url}/api/register/`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit)
  assert.is(streamed.status, 413)
  assert.equal(await streamed.json(), { message: 'The request body is larger than 1 MiB' })
})

test('reads a body just under the limit, then refuses the field that is too long', async () => {
  const res = await server.post('/login/users/', { email: 'a@example.com', password: 'x'.repeat(1000 * 1000) })
  assert.is(res.status, 400)
  assert.equal(await res.json(), { message: 'Some fields are not valid', errors: { password: 'Too long' } })
})

test('accepts contract paths with or without the trailing slash', async () => {
  const body = { email: 'admin@example.com', password: 'admin-secret-1' }
  assert.is((await server.post('/login/users', body)).status, 200)
  assert.is((await server.post('/login/users/', body)).status, 200)
  assert.is((await server.get('/users/self/')).status, 401)
})

test('answers unknown API paths and methods with 404 JSON', async () => {
  for (const res of [await server.get('/nope'), await server.get('/login/users/'), await fetch(`${server.url}/api`)]) {
    assert.is(res.status, 404)
    assert.match(res.headers.get('Content-Type') ?? '', /application\/json/)
    assert.equal(await res.json(), { message: 'Not found' })
  }
})

test('answers a thrown error with 500 JSON, logs it and keeps serving', async () => {
  const broken = await startTestServer({ docs: brokenDocs })
  try {
    const res = await broken.get('/docs?src=Button')
    assert.is(res.status, 500)
    assert.equal(await res.json(), { message: 'Something went wrong on the server' })
    assert.ok(broken.logs.some((line) => line.includes('docs exploded')))
    assert.is((await broken.post('/login/users/', { email: 'admin@example.com', password: 'admin-secret-1' })).status, 200)
  } finally {
    await broken.close()
  }
})

test.run()
