import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type DatabaseConnection, type Driver } from 'kysely'
import pg from 'pg'
import { migrations } from './migrations'
import { NulFreePlugin } from './nul'
export { databaseKind, type DatabaseKind } from './kind'
import type { Database } from './schema'

export type Db = Kysely<Database>

/** The database or a transaction, for code that serves every table alike and types its own rows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>

/**
 * Makes `dir` a folder only the server's user can enter; data written earlier under looser modes
 * is closed too. The database holds password hashes and the outbox live reset links.
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  fs.chmodSync(dir, 0o700)
}

/** Where the data lives: SQLite in `dataDir` (the default), or the PostgreSQL server `databaseUrl` names. */
export interface StorageOptions {
  dataDir: string
  /** `postgres://user:password@host:port/database`; without it, SQLite. */
  databaseUrl?: string
  /** Connections each process keeps to PostgreSQL; default 10. */
  poolSize?: number
  /** SQLite pragmas run after the server's own (tests stand for a full disk with `max_page_count`). */
  pragmas?: readonly string[]
}

/** Opens the database the options name and brings its schema up to date. */
export async function openDatabase(options: StorageOptions): Promise<Db> {
  const db = options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize) : openSqlite(options.dataDir, options.pragmas)
  try {
    await migrate(db)
    tune(db)
  } catch (error) {
    await db.destroy()
    throw error
  }
  return db
}

// pg hands 64-bit integers (counts, sums of bigint columns) and numerics over as text, to keep
// their precision; the console's counts and byte totals stay far below 2^53, so they are numbers,
// as better-sqlite3 reads them.
const INT8 = 20
const NUMERIC = 1700
const numbers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
}

/** The connection options of `databaseUrl`, numbers read as numbers; for the pool and the events listener. */
export function postgresConfig(databaseUrl: string): pg.ClientConfig {
  return { connectionString: databaseUrl, types: numbers, application_name: 'edge-console' }
}

const urls = new WeakMap<Db, string>()

/** The PostgreSQL address `db` was opened with, for a connection of its own (LISTEN); undefined on SQLite. */
export function postgresUrlOf(db: Db): string | undefined {
  return urls.get(db)
}

function openPostgres(databaseUrl: string, poolSize = 10): Db {
  const pool = new pg.Pool({ ...postgresConfig(databaseUrl), max: poolSize })
  // An idle connection the server lost (a restarted database) must not take the process with it.
  pool.on('error', () => undefined)
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new NulFreePlugin()] })
  urls.set(db, databaseUrl)
  return db
}

/** Opens (creating it if needed) `<dataDir>/console.db`. */
function openSqlite(dataDir: string, pragmas: readonly string[] = []): Db {
  makePrivateDir(dataDir)
  const file = path.join(dataDir, 'console.db')
  // SQLite gives its -wal and -shm files the mode of the database file, so that one decides.
  fs.closeSync(fs.openSync(file, 'a', 0o600))
  for (const name of ['console.db', 'console.db-wal', 'console.db-shm']) {
    if (fs.existsSync(path.join(dataDir, name))) fs.chmodSync(path.join(dataDir, name), 0o600)
  }
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  // FULL: each commit reaches the disk before its answer leaves, so an answered write survives a
  // power cut too, not only a killed process (NORMAL survives that alone), for one fsync of the WAL
  // per write. Set outright: left alone, better-sqlite3 uses FULL for a new file, NORMAL for a WAL one.
  sqlite.pragma('synchronous = FULL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  for (const pragma of pragmas) sqlite.pragma(pragma)
  const db = new Kysely<Database>({ dialect: new Dialect(sqlite) })
  maintenance.set(db, () => {
    // Fresh table statistics, so a search scans the table rather than walking an index row by row.
    sqlite.pragma('optimize=0x10002')
  })
  return db
}

/**
 * SQLite ends a transaction by itself on some errors (a full disk): a rollback after that would
 * fail with "no transaction is active" and hide the error that says why. Waiters for the
 * connection are served in order.
 */
class Dialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: withStatementCache(sqlite) })
  }

  override createDriver(): Driver {
    const driver = super.createDriver()
    const rollback = driver.rollbackTransaction.bind(driver)
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      if (this.sqlite.inTransaction) await rollback(connection)
    }
    // Kysely's lock on the one connection wakes every waiter on each release (a thousand queries
    // waiting cost a million wake-ups); this queue hands it to the next in line alone.
    const acquire = driver.acquireConnection.bind(driver)
    const release = driver.releaseConnection.bind(driver)
    const waiting: (() => void)[] = []
    let held = false
    driver.acquireConnection = async () => {
      if (held) await new Promise<void>((resolve) => waiting.push(resolve))
      held = true
      return acquire()
    }
    driver.releaseConnection = async (connection: DatabaseConnection) => {
      await release(connection)
      const next = waiting.shift()
      if (next) next()
      else held = false
    }
    return driver
  }
}

/** Statements kept compiled: the server's queries are a few hundred shapes, asked again and again. */
const STATEMENTS_KEPT = 500

/**
 * The database as Kysely's driver sees it, whose `prepare` keeps the last `STATEMENTS_KEPT`
 * statements by their text: Kysely prepares each query anew, and compiling the SQL again cost as
 * much as running it. A statement still busy streaming rows is not handed out twice.
 */
export function withStatementCache(sqlite: SQLite.Database, kept = STATEMENTS_KEPT): { prepare(sql: string): SQLite.Statement; close(): void } {
  const statements = new Map<string, SQLite.Statement>()
  return {
    prepare(sql) {
      const known = statements.get(sql)
      if (known && !known.busy) {
        // Map order is the order of use: the first key is the one unused longest.
        statements.delete(sql)
        statements.set(sql, known)
        return known
      }
      const statement = sqlite.prepare(sql)
      if (known) return statement
      statements.set(sql, statement)
      if (statements.size > kept) statements.delete(statements.keys().next().value!)
      return statement
    },
    close() {
      statements.clear()
      sqlite.close()
    },
  }
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
    // Before any migration ran, the database itself could not be read (unreachable, refused).
    const what = failed ? `Migration ${failed.migrationName} failed` : 'The database could not be read'
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
}
