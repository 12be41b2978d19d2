import { PostgresAdapter, type Kysely } from 'kysely'

export type DatabaseKind = 'sqlite' | 'postgres'

/** Which database `db` (or a transaction of it) talks to. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function databaseKind(db: Kysely<any>): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

/** The column type of raw bytes: `blob` on SQLite, `bytea` on PostgreSQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const bytesType = (db: Kysely<any>) => (databaseKind(db) === 'postgres' ? 'bytea' : 'blob')
