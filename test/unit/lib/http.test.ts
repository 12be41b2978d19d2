import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { send } from '../../../src/lib/http'
import { stubFetch, type FetchStub } from '../api/fetch-stub'

let stub: FetchStub | undefined

test.after.each(() => {
  stub?.restore()
  stub = undefined
})

test('send asks for JSON and sends the headers and JSON body', async () => {
  const seen: { accept: string | null; type: string | null; custom: string | null }[] = []
  const original = globalThis.fetch
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const headers = init?.headers as Headers
    seen.push({ accept: headers.get('accept'), type: headers.get('content-type'), custom: headers.get('x-custom') })
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
  }) as typeof fetch
  try {
    await send({ method: 'PUT', url: '/api/devices/d-1', headers: { 'x-custom': 'yes' }, body: { name: 'gw' } })
  } finally {
    globalThis.fetch = original
  }
  assert.equal(seen, [{ accept: 'application/json', type: 'application/json', custom: 'yes' }])
})

test('send returns the status, parsed body and headers of an answer', async () => {
  stub = stubFetch({ status: 200, body: { id: 'd-1' }, headers: { 'x-total-count': '1' } })
  const answer = await send({ method: 'GET', url: '/api/devices/d-1' })
  assert.is(answer.status, 200)
  assert.equal(answer.body, { id: 'd-1' })
  assert.is(answer.headers?.get('x-total-count'), '1')
  assert.is(answer.error, undefined)
})

test('send does not throw on an error status', async () => {
  stub = stubFetch({ status: 422, body: { message: 'Some fields are not valid' } })
  const answer = await send({ method: 'POST', url: '/api/devices/', body: {} })
  assert.equal({ status: answer.status, body: answer.body }, { status: 422, body: { message: 'Some fields are not valid' } })
})

test('send gives a null body for an empty answer', async () => {
  stub = stubFetch({ status: 204 })
  assert.is((await send({ method: 'DELETE', url: '/api/devices/d-1' })).body, null)
})

test('send gives the text of a body that is not JSON', async () => {
  stub = stubFetch({ status: 502, text: 'Bad Gateway' })
  assert.equal((await send({ method: 'GET', url: '/api/users/self' })).body, 'Bad Gateway')
})

test('send reports a network failure as status 0 with the error', async () => {
  stub = stubFetch({ fail: 'connect ECONNREFUSED' })
  const answer = await send({ method: 'GET', url: '/api/users/self' })
  assert.equal({ status: answer.status, body: answer.body, headers: answer.headers }, { status: 0, body: null, headers: null })
  assert.match(answer.error ?? '', 'ECONNREFUSED')
})

test('send reports an aborted request as status 0', async () => {
  const original = globalThis.fetch
  globalThis.fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
    })) as typeof fetch
  try {
    const controller = new AbortController()
    const pending = send({ method: 'GET', url: '/api/devices/', signal: controller.signal })
    controller.abort()
    const answer = await pending
    assert.is(answer.status, 0)
    assert.type(answer.error, 'string')
  } finally {
    globalThis.fetch = original
  }
})

test('send sends no retry after a failing GET', async () => {
  stub = stubFetch({ status: 503, body: { message: 'down' } }, { status: 200, body: {} })
  assert.is((await send({ method: 'GET', url: '/api/users/self' })).status, 503)
  assert.is(stub.requests.length, 1)
})

test.run()
