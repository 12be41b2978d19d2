import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createPasswords } from '../../src/server/auth/passwords'
import { openDatabase } from '../../src/server/db/open'
import { fold } from '../../src/server/metrics/rollup'
import { seedFleet } from '../../src/server/seed/fleet'
import { seed } from '../../src/server/seed/seed'
import { accountByEmail, foldedRows } from '../fixtures'
import { createTestDatabase, POSTGRES_URL } from './_server'

const NOW = new Date('2026-11-29T08:17:31.250Z')
const passwords = createPasswords(1024)

/** A seeded fleet's day of heartbeats folded `chunkMs` at a time, as rows. */
async function foldedBy(chunkMs: number): Promise<unknown[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-fold-'))
  const database = POSTGRES_URL ? await createTestDatabase() : undefined
  const db = await openDatabase({ dataDir, databaseUrl: database?.url })
  try {
    // The seed folds its history itself: a seed without it, then the fleet's history folded here.
    await seed(db, { adminEmail: 'fold@example.com', adminPassword: 'fold-Password-1', passwords, now: NOW, log: () => undefined, fleet: false })
    const admin = (await accountByEmail({ db }, 'fold@example.com'))!
    await seedFleet(db, admin.organization_id, admin.id, NOW)
    await fold(db, NOW, { chunkMs })
    return await foldedRows({ db })
  } finally {
    await db.destroy()
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

test('a day of heartbeats folded an hour at a time gives the rollups ten minutes at a time gives', async () => {
  const tenMinutes = await foldedBy(10 * 60_000)
  const hours = await foldedBy(3600_000)
  assert.ok(tenMinutes.length > 1000, `a day of rollups (${tenMinutes.length} rows)`)
  assert.equal(hours, tenMinutes)
})

test.run()
