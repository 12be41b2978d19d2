import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createDevice, createHeartbeat } from '../../collections/_api'
import { api, integrity, makeDataDir, readDb, removeData, signInAdmin, startChild, type Child } from './_child'

/** Forty clients edit a seeded device each, ten create one first; all send heartbeats. */
const EDITORS = 40
const CREATORS = 10
/** The kill comes once this many writes are answered, with the others' still in flight. */
const KILL_AFTER = 300

type Device = { id: string; name: string; serial: string; model: string; location: string; tags: string[]; version: number }

/** What one client sent and was told. */
interface Client {
  device?: Device
  /** version -> name, for every create or edit answered 2xx. */
  answered: Map<number, string>
  /** The write sent last, answered or not: the kill may have come between its commit and its answer. */
  sent?: { version: number; name: string }
  /** `last_seen` of each heartbeat answered. */
  heartbeats: string[]
}

let dataDir: string
let server: Child | undefined

test.before(() => {
  dataDir = makeDataDir()
})
test.after(() => {
  server?.process.kill('SIGKILL')
  removeData(dataDir)
})

class Refused extends Error {}

/** One write after another (a create first when it has no device, then edits and heartbeats in turn) until the server is gone. */
async function run(url: string, token: string, key: string, client: Client, answered: () => boolean) {
  for (let n = 0; ; n++) {
    try {
      if (!client.device) {
        const body = createDevice()
        client.sent = { version: 1, name: body.name }
        const answer = await api(url, 'POST', '/devices/', token, body)
        if (answer.status !== 201) throw new Refused(`a create answered ${answer.status}`)
        client.device = answer.body
        client.answered.set(1, answer.body.name)
      } else if (n % 2 === 0) {
        const { id, serial, model, location, tags, version } = client.device
        const name = `${serial} edit ${n}`
        client.sent = { version: version + 1, name }
        const answer = await api(url, 'PUT', `/devices/${id}`, token, { name, serial, model, location, tags, version })
        if (answer.status !== 200) throw new Refused(`an edit answered ${answer.status}`)
        client.device = answer.body
        client.answered.set(answer.body.version, answer.body.name)
      } else {
        const answer = await api(url, 'POST', `/devices/${client.device.id}/heartbeat`, key, createHeartbeat())
        if (answer.status !== 200) throw new Refused(`a heartbeat answered ${answer.status}`)
        client.heartbeats.push(answer.body.last_seen)
      }
    } catch (error) {
      if (error instanceof Refused) throw error
      return // the connection failed: the server is gone
    }
    if (!answered()) return
  }
}

test('a killed server keeps every write it answered, each with the version it answered', async () => {
  server = await startChild(dataDir)
  const token = await signInAdmin(server.url)
  const billing = await api(server.url, 'GET', '/billing/', token)
  assert.is((await api(server.url, 'PUT', '/billing/plan', token, { plan: 'business', version: billing.body.version })).status, 200)
  const issued = await api(server.url, 'POST', '/access_keys/', token, { name: 'Crash test', scopes: ['devices'], expires_in_days: 7 })
  assert.is(issued.status, 201)
  const seeded = ((await api(server.url, 'GET', '/devices/?per_page=50', token)).body as Device[]).slice(0, EDITORS)
  assert.is(seeded.length, EDITORS)
  const clients: Client[] = [
    ...seeded.map((device) => ({ device, answered: new Map(), heartbeats: [] })),
    ...Array.from({ length: CREATORS }, () => ({ answered: new Map(), heartbeats: [] })),
  ]

  let answered = 0
  let killed = false
  const running = server
  // New connections wait behind busy ones: the kill waits until every client has been answered too.
  const count = () => {
    answered++
    if (!killed && answered >= KILL_AFTER && clients.every((client) => client.answered.size || client.heartbeats.length)) {
      killed = true
      running.process.kill('SIGKILL')
    }
    return !killed
  }
  await Promise.all(clients.map((client) => run(running.url, token, issued.body.secret, client, count)))
  assert.equal(await running.exited, { code: null, signal: 'SIGKILL' })
  assert.ok(answered >= KILL_AFTER)

  server = await startChild(dataDir)
  assert.is(integrity(path.join(dataDir, 'console.db')), 'ok')
  const token2 = await signInAdmin(server.url)
  const created = clients.filter((client) => client.answered.has(1))
  assert.ok(created.length > 0, 'creates were answered')
  for (const client of clients.filter((one) => one.answered.size)) {
    const { status, body: now } = await api(server.url, 'GET', `/devices/${client.device!.id}`, token2)
    assert.is(status, 200)
    const last = Math.max(...client.answered.keys())
    // The write in flight at the kill may have committed without its answer; nothing answered is missing.
    if (now.version === last) assert.is(now.name, client.answered.get(last))
    else assert.equal({ version: now.version, name: now.name }, client.sent, `${now.serial} is at version ${now.version}, answered ${last}`)
  }
  readDb(dataDir, (db) => {
    const audited = db.prepare('SELECT count(*) FROM audit_events WHERE record_id = ? AND action = ? AND record_name = ?').pluck()
    const beat = db.prepare('SELECT count(*) FROM heartbeats WHERE device_id = ? AND at = ?').pluck()
    let checked = 0
    for (const client of clients) {
      for (const [version, name] of client.answered) {
        assert.ok(audited.get(client.device!.id, version === 1 ? 'create' : 'update', name), `the write ${name} is in the audit trail`)
        checked++
      }
      for (const at of client.heartbeats) {
        assert.ok(beat.get(client.device!.id, at), `the heartbeat of ${client.device!.serial} at ${at} is kept`)
        checked++
      }
    }
    assert.is(checked, answered, 'every answered write was checked')
  })
})

test.run()
