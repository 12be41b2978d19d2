import path from 'node:path'
import Database from 'better-sqlite3'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { client, createDevice, expectStatus, signIn, type Client } from '../../collections/_api'
import { message } from '../../../../src/server/messages'
import { startTestServer, type TestServer } from '../../_server'

/** The server's database may not grow past this many pages: a disk of about 8 MB. */
const MAX_PAGES = 2000

let server: TestServer
let admin: Client
/** A second connection on the server's file, as another process would hold it. */
let other: Database.Database

test.before(async () => {
  server = await startTestServer({ seedFleet: false, pragmas: [`max_page_count = ${MAX_PAGES}`, 'busy_timeout = 200'] })
  admin = client(server, await signIn(server))
  other = new Database(path.join(server.dataDir, 'console.db'))
  other.pragma(`max_page_count = ${MAX_PAGES}`)
})
test.after(async () => {
  other.close()
  await server.close()
})

/** Fills the file up to its last page with a table of blobs, as a disk runs out. */
function fillDisk() {
  other.exec('CREATE TABLE filler (data BLOB)')
  const insert = other.prepare('INSERT INTO filler VALUES (zeroblob(?))')
  for (const size of [65_536, 4096, 256]) {
    try {
      for (;;) insert.run(size)
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_FULL') throw error
    }
  }
  assert.is(other.pragma('page_count', { simple: true }), MAX_PAGES)
}

const rename = (device: { id: string; version: number }, name: string) => admin.update('devices', device.id, { ...createDevice(), name, version: device.version })

test('a write to full storage answers 507 with Retry-After, reads go on, and writes succeed once space is freed', async () => {
  let device = expectStatus(await admin.create('devices', createDevice()), 201)
  fillDisk()
  let refused
  try {
    // Each edit adds a line to the audit trail: one of them soon needs a page the disk no longer has.
    for (let n = 0; n < 200 && !refused; n++) {
      const answer = await rename(device, `Edit ${n}`)
      if (answer.status === 200) device = answer.body
      else refused = answer
    }
    assert.ok(refused, 'a write was refused')
    assert.is(refused.status, 507)
    assert.match(refused.headers.get('Retry-After') ?? '', /^\d+$/)
    assert.is(refused.body.message, message('storageFull'))

    const read = expectStatus(await admin.get('devices', device.id), 200)
    assert.is(read.version, device.version, 'the refused edit left nothing behind')
    expectStatus(await admin.list('devices'), 200)
  } finally {
    other.exec('DROP TABLE filler')
  }
  const saved = expectStatus(await rename(device, 'After the disk was freed'), 200)
  assert.is(saved.version, device.version + 1)
})

test('a write while another process holds the database answers 503 with Retry-After, and succeeds once it lets go', async () => {
  const device = expectStatus(await admin.create('devices', createDevice()), 201)
  other.exec('BEGIN IMMEDIATE')
  let refused
  try {
    refused = await rename(device, 'Blocked')
    expectStatus(await admin.get('devices', device.id), 200)
  } finally {
    other.exec('ROLLBACK')
  }
  assert.is(refused.status, 503)
  assert.match(refused.headers.get('Retry-After') ?? '', /^\d+$/)
  assert.is(refused.body.message, message('storageBusy'))

  const saved = expectStatus(await rename(device, 'After the lock'), 200)
  assert.is(saved.version, device.version + 1)
})

test("a read that is due to note its session's last use still answers while the database is held", async () => {
  const device = expectStatus(await admin.create('devices', createDevice()), 201)
  // Past the minute after which a request writes down when its session was last used.
  server.advance(2 * 60_000)
  other.exec('BEGIN IMMEDIATE')
  try {
    const read = expectStatus(await admin.get('devices', device.id), 200)
    assert.is(read.id, device.id)
  } finally {
    other.exec('ROLLBACK')
  }
})

test.run()
