import http from 'node:http'
import zlib from 'node:zlib'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { signIn, startTestServer, type TestServer } from './_server'

let server: TestServer
let token: string

test.before(async () => {
  server = await startTestServer()
  token = await signIn(server)
})

test.after(async () => {
  await server.close()
})

/** An answer as it crossed the wire, undecoded: fetch would inflate it unseen. */
const rawGet = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: server.port, path, headers: { Authorization: `Bearer ${token}`, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
  })

test('a JSON answer of a kilobyte or more is gzip-encoded for a client that takes it, and reads the same', async () => {
  const plain = await rawGet('/api/devices/?per_page=25')
  assert.is(plain.status, 200)
  assert.is(plain.headers['content-encoding'], undefined, 'not asked for, not encoded')
  assert.ok(plain.body.length >= 1024, `the seeded page is ${plain.body.length} bytes`)
  const packed = await rawGet('/api/devices/?per_page=25', { 'Accept-Encoding': 'gzip, deflate, br' })
  assert.is(packed.headers['content-encoding'], 'gzip')
  assert.match(String(packed.headers.vary), /Accept-Encoding/i)
  assert.is(packed.headers['x-total-count'], plain.headers['x-total-count'])
  assert.ok(packed.body.length * 2 < plain.body.length, `${packed.body.length} of ${plain.body.length} bytes`)
  assert.equal(JSON.parse(zlib.gunzipSync(packed.body).toString('utf8')), JSON.parse(plain.body.toString('utf8')))
})

test('an answer under a kilobyte, the events stream and an export are sent as they are', async () => {
  const small = await rawGet('/api/users/self', { 'Accept-Encoding': 'gzip' })
  assert.is(small.status, 200)
  assert.ok(small.body.length < 1024, `${small.body.length} bytes`)
  assert.is(small.headers['content-encoding'], undefined)
  const csv = await rawGet('/api/devices/export?format=csv', { 'Accept-Encoding': 'gzip' })
  assert.is(csv.status, 200)
  assert.is(csv.headers['content-encoding'], undefined)
  assert.match(csv.body.toString('utf8'), /^id,name/)
  const events = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: server.port, path: '/api/events', headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip', Accept: 'text/event-stream' } }, resolve)
    req.on('error', reject)
  })
  assert.match(String(events.headers['content-type']), /text\/event-stream/)
  assert.is(events.headers['content-encoding'], undefined)
  events.destroy()
})

test.run()
