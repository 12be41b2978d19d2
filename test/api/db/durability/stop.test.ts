import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { until } from '../../../fixtures'
import { signIn, startTestServer } from '../../_server'
import { makeDataDir, readDb, removeData, signInAdmin, startChild, integrity, type Child } from './_child'

let dataDir: string
let server: Child

test.before(async () => {
  dataDir = makeDataDir()
  server = await startChild(dataDir)
})
test.after(() => {
  server.process.kill('SIGKILL')
  removeData(dataDir)
})

/** `GET /api/events` read raw: resolves once subscribed, then gathers what comes until the server ends it. */
function openStream(port: number, token: string) {
  return new Promise<{ after: Promise<string> }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { Authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events answered ${res.statusCode}`))
      let text = ''
      let live = false
      const after = new Promise<string>((done) => res.on('end', () => done(text)))
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        if (live) text += chunk
        else if (chunk.includes(': live')) {
          live = true
          resolve({ after })
        }
      })
    })
    req.on('error', reject)
  })
}

/** A device created with a body sent in two parts: the second only when `rest` is called. */
function slowCreate(port: number, token: string) {
  const body = JSON.stringify({ name: 'Slow upload', serial: 'SLOW-1', model: 'EdgeBox 300', location: 'Lab', tags: [] })
  const half = Math.floor(body.length / 2)
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/devices/',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
  })
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
    })
    req.on('error', reject)
  })
  // The server answers 100 Continue once it has read the headers: the request is then in flight.
  const started = new Promise<void>((resolve) => req.once('continue', () => req.write(body.slice(0, half), () => resolve())))
  return { started, answer, rest: () => req.end(body.slice(half)) }
}

/** Whether a new connection to `port` is refused, trying for a while. */
async function refused(port: number): Promise<boolean> {
  const attempt = () =>
    new Promise<'open' | 'refused'>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve('open')
      })
      socket.once('error', () => resolve('refused'))
    })
  return until(async () => (await attempt()) === 'refused', { timeoutMs: 2000, everyMs: 50 }).then(
    () => true,
    () => false,
  )
}

test('SIGTERM answers the request in flight, refuses new ones, ends streams with a retry hint and closes the database', async () => {
  const token = await signInAdmin(server.url)
  const stream = await openStream(server.port, token)
  const upload = slowCreate(server.port, token)
  await upload.started

  server.process.kill('SIGTERM')
  await server.printed('SIGTERM: closing')
  assert.ok(await refused(server.port), 'a new connection is refused')
  const after = await stream.after
  assert.match(after, /^retry: \d+$/m)

  upload.rest()
  const answer = await upload.answer
  assert.is(answer.status, 201)
  assert.is(answer.body.name, 'Slow upload')

  assert.equal(await server.exited, { code: 0, signal: null })
  assert.not.ok(fs.existsSync(path.join(dataDir, 'console.db-wal')), 'the database was closed cleanly (its WAL checkpointed away)')
  assert.is(integrity(path.join(dataDir, 'console.db')), 'ok')
  const rows = readDb(dataDir, (db) => db.prepare('SELECT version FROM devices WHERE id = ?').all(answer.body.id))
  assert.equal(rows, [{ version: 1 }])
})

test('closing cuts a request still unfinished after the bound', async () => {
  const inProcess = await startTestServer({ seedFleet: false, drainMs: 200 })
  const upload = slowCreate(inProcess.port, await signIn(inProcess))
  await upload.started
  const failed = upload.answer.then(
    () => false,
    () => true,
  )
  await inProcess.close()
  assert.ok(await failed, 'the unfinished request was cut')
})

test.run()
