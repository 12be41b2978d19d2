import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { client, createHeartbeat, expectStatus, signIn, type Client } from '../../collections/_api'
import { startTestServer, type TestServer } from '../../_server'
import { integrity, ROOT } from './_child'

const WRITERS = 10

let server: TestServer

test.before(async () => {
  server = await startTestServer()
})
test.after(() => server.close())

/** `npm run backup -- file` as the README says, on the server's data folder. */
const runBackup = (file: string) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'backup', '--', file], { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ code, output }))
  })

const rowsOf = (query: (statement: string) => unknown[], table: string) => Number((query(`SELECT count(*) AS n FROM ${table}`)[0] as { n: number }).n)

type Device = { id: string; name: string; serial: string; model: string; location: string; tags: string[]; version: number }

test('a backup taken during writes is whole and holds every write answered before it began', async () => {
  const admin: Client = client(server, await signIn(server))
  const key = client(server, expectStatus(await admin.create('access_keys', { name: 'Backup test', scopes: ['devices'], expires_in_days: 7 }), 201).secret)
  const devices = expectStatus<Device[]>(await admin.list('devices', { per_page: 100 }), 200).slice(0, WRITERS)
  assert.is(devices.length, WRITERS)

  let backupRunning = false
  let answeredDuring = 0
  let stop = false
  const writer = async (index: number) => {
    for (let n = 0; !stop; n++) {
      const device = devices[index]!
      const edit = await admin.update('devices', device.id, { name: `${device.serial} edit ${n}`, serial: device.serial, model: device.model, location: device.location, tags: device.tags, version: device.version })
      devices[index] = expectStatus(edit, 200)
      expectStatus(await key.heartbeat(device.id, createHeartbeat()), 200)
      if (backupRunning) answeredDuring++
    }
  }
  const writing = Promise.all(devices.map((_, index) => writer(index)))
  writing.catch(() => (stop = true))
  await new Promise((resolve) => setTimeout(resolve, 200))

  const before = devices.map((device) => ({ ...device }))
  const audited = rowsOf(server.query, 'audit_events')
  const beats = rowsOf(server.query, 'heartbeats')
  const file = path.join(server.root, 'copy.db')
  backupRunning = true
  const backup = await runBackup(file)
  backupRunning = false
  stop = true
  await writing
  assert.is(backup.code, 0, backup.output)
  assert.ok(answeredDuring > 0, 'writes went on while the backup ran')

  assert.is(integrity(file), 'ok')
  assert.is(fs.statSync(file).mode & 0o777, 0o600)
  const copy = new Database(file, { readonly: true })
  try {
    for (const device of before) {
      const row = copy.prepare('SELECT name, version FROM devices WHERE id = ?').get(device.id) as { name: string; version: number }
      assert.ok(row.version >= device.version, `${device.serial}: version ${row.version} in the copy, ${device.version} answered before`)
      if (row.version === device.version) assert.is(row.name, device.name)
    }
    const query = (statement: string) => copy.prepare(statement).all()
    assert.ok(rowsOf(query, 'audit_events') >= audited, 'every audited write is in the copy')
    assert.ok(rowsOf(query, 'heartbeats') >= beats, 'every heartbeat is in the copy')
  } finally {
    copy.close()
  }
})

test.run()
