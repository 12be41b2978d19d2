import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ADMIN, startTestServer, type TestServer } from '../_server'

let server: TestServer
const CONSOLE = 'https://console.example.com'

test.before(async () => {
  server = await startTestServer({ corsOrigins: [CONSOLE] })
})

test.after(async () => {
  await server.close()
})

const signInFrom = (origin?: string) =>
  fetch(`${server.url}/api/login/users/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  })

test('every answer says nosniff, no referrer and no framing', async () => {
  const answers = [await signInFrom(), await server.get('/users/self'), await fetch(`${server.url}/login`), await fetch(`${server.url}/nowhere`)]
  for (const res of answers) {
    assert.is(res.headers.get('X-Content-Type-Options'), 'nosniff', res.url)
    assert.is(res.headers.get('Referrer-Policy'), 'no-referrer', res.url)
    assert.is(res.headers.get('X-Frame-Options'), 'DENY', res.url)
    assert.match(res.headers.get('Content-Security-Policy') ?? '', /frame-ancestors 'none'/, res.url)
  }
})

test('API answers, tokens among them, are never stored by a cache', async () => {
  for (const res of [await signInFrom(), await server.get('/users/self'), await server.get('/nope')]) {
    assert.is(res.headers.get('Cache-Control'), 'no-store', res.url)
    assert.is(res.headers.get('Content-Security-Policy'), "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
  }
})

test('HSTS only when the console is served over https', async () => {
  assert.is((await signInFrom()).headers.get('Strict-Transport-Security'), null)
  const secure = await startTestServer({ publicUrl: 'https://console.example.com' })
  try {
    const res = await fetch(`${secure.url}/login`)
    assert.is(res.headers.get('Strict-Transport-Security'), 'max-age=31536000; includeSubDomains')
  } finally {
    await secure.close()
  }
})

test('a listed origin may call the API: preflight and answer carry its CORS headers', async () => {
  const preflight = await fetch(`${server.url}/api/login/users/`, {
    method: 'OPTIONS',
    headers: { Origin: CONSOLE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,authorization' },
  })
  assert.is(preflight.status, 204)
  assert.is(preflight.headers.get('Access-Control-Allow-Origin'), CONSOLE)
  assert.match(preflight.headers.get('Access-Control-Allow-Headers') ?? '', /Authorization/)
  assert.match(preflight.headers.get('Access-Control-Allow-Methods') ?? '', /POST/)
  const res = await signInFrom(CONSOLE)
  assert.is(res.status, 200)
  assert.is(res.headers.get('Access-Control-Allow-Origin'), CONSOLE)
  assert.match(res.headers.get('Access-Control-Expose-Headers') ?? '', /X-Total-Count/)
})

test('an unlisted origin gets no CORS header at all, never an echo', async () => {
  for (const origin of ['https://evil.example', 'https://console.example.com.evil.example', 'null']) {
    const preflight = await fetch(`${server.url}/api/login/users/`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    })
    const res = await signInFrom(origin)
    for (const answer of [preflight, res]) {
      const cors = [...answer.headers.keys()].filter((name) => name.startsWith('access-control-'))
      assert.equal(cors, [], origin)
    }
  }
})

test('without CORS_ORIGINS no origin is allowed', async () => {
  const plain = await startTestServer()
  try {
    const res = await fetch(`${plain.url}/api/users/self`, { headers: { Origin: CONSOLE } })
    assert.is(res.headers.get('Access-Control-Allow-Origin'), null)
  } finally {
    await plain.close()
  }
})

test.run()
