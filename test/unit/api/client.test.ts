import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { messageText } from '../../../src/lib/i18n'
import {
  apiHost,
  call,
  clearToken,
  getToken,
  normalise,
  NOT_FOUND,
  setApiHost,
  setToken,
  watchAnswers,
} from '../../../src/api/client'
import { createUser } from '../contract/factories'
import { stubFetch, type FetchStub } from './fetch-stub'

let stub: FetchStub | undefined

test.before.each(() => {
  document.head.querySelectorAll('meta[name="api-host"]').forEach((meta) => meta.remove())
  setApiHost(undefined)
  clearToken()
  localStorage.clear()
})

test.after.each(() => {
  stub?.restore()
  stub = undefined
})

const addHostMeta = (content: string) => {
  const meta = document.createElement('meta')
  meta.setAttribute('name', 'api-host')
  meta.setAttribute('content', content)
  document.head.append(meta)
}

// normalise

test('normalise reads the data of a 200 answer as the user', () => {
  const user = createUser()
  assert.equal(normalise({ status: 200, data: user }), { user, message: '' })
})

test('normalise keeps the message of a 200 answer', () => {
  const user = createUser()
  assert.equal(normalise({ status: 200, data: user, message: 'Signed in' }), { user, message: 'Signed in' })
})

test('normalise reads the message of a non-200 answer', () => {
  assert.equal(normalise({ status: 401, message: 'Sign in to continue' }), { user: null, message: 'Sign in to continue' })
})

test('normalise gives no user for a non-200 answer even with data', () => {
  assert.equal(normalise({ status: 201, data: createUser() }), { user: null, message: NOT_FOUND })
})

test('normalise reads a message inside data', () => {
  assert.equal(normalise({ status: 404, data: { message: 'Not found' } }), { user: null, message: 'Not found' })
})

test('normalise prefers the top message to the one inside data', () => {
  assert.equal(normalise({ status: 400, message: 'top', data: { message: 'inner' } }), { user: null, message: 'top' })
})

test('normalise falls back to information not found', () => {
  for (const answer of [{}, { status: 500 }, { status: 200 }, { status: 200, data: null }, { status: 200, data: 'text' }, { status: 500, message: '' }, { status: 500, message: 42 }]) {
    assert.equal(normalise(answer), { user: null, message: 'session.notFound' }, JSON.stringify(answer))
  }
})

// host

test('apiHost is /api without a meta tag', () => {
  assert.is(apiHost(), '/api')
})

test('apiHost reads the api-host meta tag and drops trailing slashes', () => {
  addHostMeta('https://api.example.com/v1//')
  assert.is(apiHost(), 'https://api.example.com/v1')
})

test('apiHost falls back to /api for an empty meta tag', () => {
  addHostMeta('')
  assert.is(apiHost(), '/api')
})

test('call sends to the host of the meta tag', async () => {
  addHostMeta('https://api.example.com')
  stub = stubFetch({ status: 200, body: [] })
  await call('GET', '/devices/')
  assert.equal(stub.requests.map((request) => request.url), ['https://api.example.com/devices/'])
})

test('every answer is heard, or that none came, but not a call given up on purpose', async () => {
  const heard: number[] = []
  const stop = watchAnswers((status) => heard.push(status))
  stub = stubFetch({ status: 503, body: { message: 'down' } })
  await call('GET', '/devices/')
  stub.restore()
  stub = stubFetch({ fail: 'connection refused' })
  await call('GET', '/devices/')
  const controller = new AbortController()
  controller.abort()
  await call('GET', '/devices/', { signal: controller.signal })
  stop()
  await call('GET', '/devices/')
  assert.equal(heard, [503, 0])
})

test('setApiHost replaces the cached host', () => {
  setApiHost('http://other.example/api/')
  assert.is(apiHost(), 'http://other.example/api')
})

// token

test('setToken stores the token under axe and clearToken wipes local storage', () => {
  localStorage.setItem('theme', 'dark')
  setToken('abc')
  assert.is(localStorage.getItem('axe'), 'abc')
  assert.is(getToken(), 'abc')
  clearToken()
  assert.is(getToken(), null)
  assert.is(localStorage.length, 0)
})

test('call sends no Authorization without a token', async () => {
  stub = stubFetch({ status: 200, body: {} })
  await call('GET', '/users/self')
  assert.is(stub.requests[0]?.authorization, null)
})

test('call sends the token as Bearer', async () => {
  setToken('abc')
  stub = stubFetch({ status: 200, body: {} })
  await call('GET', '/users/self')
  assert.is(stub.requests[0]?.authorization, 'Bearer abc')
})

// call: success

test('call sends method, body and query', async () => {
  stub = stubFetch({ status: 201, body: { id: 'd-1' } })
  await call('POST', '/devices/', { body: { name: 'gateway' }, query: { page: 2, q: 'a b', skip: undefined } })
  assert.equal(stub.requests, [
    { method: 'POST', url: '/api/devices/?page=2&q=a+b', authorization: null, body: { name: 'gateway' } },
  ])
})

test('call returns the data of a 2xx answer', async () => {
  stub = stubFetch({ status: 201, body: { id: 'd-1' } })
  assert.equal(await call('POST', '/devices/', { body: {} }), { ok: true, status: 201, data: { id: 'd-1' } })
})

test('call reads X-Total-Count', async () => {
  stub = stubFetch({ status: 200, body: [{ id: 'd-1' }], headers: { 'X-Total-Count': '57' } })
  assert.equal(await call('GET', '/devices/'), { ok: true, status: 200, data: [{ id: 'd-1' }], total: 57 })
})

test('call leaves out a total that is not a number', async () => {
  stub = stubFetch({ status: 200, body: [], headers: { 'X-Total-Count': 'many' } })
  const result = await call('GET', '/devices/')
  assert.not.ok('total' in result)
})

test('call returns null data for an empty 204 answer', async () => {
  stub = stubFetch({ status: 204 })
  assert.equal(await call('DELETE', '/devices/d-1'), { ok: true, status: 204, data: null })
})

// call: failure

test('call returns the message of a JSON error body', async () => {
  stub = stubFetch({ status: 401, body: { message: 'Wrong e-mail or password' } })
  assert.equal(await call('POST', '/login/users/', { body: {} }), {
    ok: false,
    status: 401,
    message: 'Wrong e-mail or password',
  })
})

test('call passes the field errors through', async () => {
  stub = stubFetch({ status: 400, body: { message: 'Some fields are not valid', errors: { email: 'Invalid email' } } })
  assert.equal(await call('POST', '/register/', { body: {} }), {
    ok: false,
    status: 400,
    message: 'Some fields are not valid',
    errors: { email: 'Invalid email' },
  })
})

test('call keeps the body of a 409, with the record as it is now', async () => {
  stub = stubFetch({ status: 409, body: { message: 'Changed', current: { id: 'd-1', version: 3 } } })
  assert.equal(await call('PUT', '/devices/d-1', { body: {} }), {
    ok: false,
    status: 409,
    message: 'Changed',
    body: { message: 'Changed', current: { id: 'd-1', version: 3 } },
  })
})

test('call gives information not found for a body that is not JSON', async () => {
  stub = stubFetch({ status: 502, text: '<html>Bad Gateway</html>' })
  assert.equal(await call('GET', '/users/self'), { ok: false, status: 502, message: 'session.notFound' })
})

test('call gives information not found for an error without a body', async () => {
  stub = stubFetch({ status: 404 })
  assert.equal(await call('GET', '/users/self'), { ok: false, status: 404, message: 'session.notFound' })
})

test('call gives information not found for a JSON error without a message', async () => {
  stub = stubFetch({ status: 500, body: { error: true } })
  assert.equal(await call('GET', '/users/self'), { ok: false, status: 500, message: 'session.notFound' })
})

test('call never throws on a network error and reports status 0 with a message', async () => {
  stub = stubFetch({ fail: 'fetch failed' })
  const result = await call('GET', '/users/self')
  assert.is(result.ok, false)
  assert.is(result.status, 0)
  if (result.ok) return
  assert.is(result.message, 'session.unreachable')
  assert.is(messageText(result.message), 'The server cannot be reached. Check the connection and try again.')
})

test('call sends one request only when the server fails', async () => {
  stub = stubFetch({ status: 503, body: { message: 'down' } })
  await call('GET', '/users/self')
  assert.is(stub.requests.length, 1)
})

test('a 403 naming the rights it needed reads in the console\'s words; a 401 carries its reason', async () => {
  await import('../../../src/ui/console-texts')
  stub = stubFetch({ status: 403, body: { message: 'Refused', rights: ['devices'] } })
  const refused = await call('GET', '/devices/')
  assert.equal(refused.ok ? null : refused.message, 'This needs the Edge & Devices right')
  stub.restore()
  stub = stubFetch({ status: 403, body: { message: 'Refused', rights: ['alerts', 'devices'] } })
  const either = await call('GET', '/alerts')
  assert.equal(either.ok ? null : either.message, 'This needs the Alerts or Edge & Devices right')
  stub.restore()
  stub = stubFetch({ status: 401, body: { message: 'Your session was ended', reason: 'session_ended' } })
  const ended = await call('GET', '/users/self')
  assert.equal(ended.ok ? null : ended.reason, 'session_ended')
})

test.run()
