import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import { migrations } from './migrations'
import type { Database } from './schema'

export type Db = Kysely<Database>

/**
 * Makes `dir` a folder only the server's user can enter; data written earlier under looser modes
 * is closed too. The database holds password hashes and the outbox live reset links.
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  fs.chmodSync(dir, 0o700)
}

/** Opens (creating it if needed) `<dataDir>/console.db` and brings its schema up to date. */
export async function openDatabase(dataDir: string): Promise<Db> {
  makePrivateDir(dataDir)
  const file = path.join(dataDir, 'console.db')
  // SQLite gives its -wal and -shm files the mode of the database file, so that one decides.
  fs.closeSync(fs.openSync(file, 'a', 0o600))
  for (const name of ['console.db', 'console.db-wal', 'console.db-shm']) {
    if (fs.existsSync(path.join(dataDir, name))) fs.chmodSync(path.join(dataDir, name), 0o600)
  }
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  maintenance.set(db, () => {
    // Fresh table statistics, so a search scans the table rather than walking an index row by row.
    sqlite.pragma('optimize=0x10002')
  })
  try {
    await migrate(db)
    tune(db)
  } catch (error) {
    await db.destroy()
    throw error
  }
  return db
}

const maintenance = new WeakMap<Db, () => void>()

/** The storage's own upkeep (SQLite: `PRAGMA optimize`), run at start and by the sweeper. */
export function tune(db: Db): void {
  maintenance.get(db)?.()
}

export async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider: migrations }).migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error })
  }
}
