import { sql, type Kysely, type Migration } from 'kysely'
import { databaseKind } from '../kind'

/** The columns a device search looks in (`collections/devices.ts`). */
export const DEVICE_SEARCH_COLUMNS = ['name', 'serial', 'model', 'location', 'ip', 'tags_text'] as const

/**
 * A trigram index behind the device search, so a rare term is found without reading every device.
 * PostgreSQL: `pg_trgm` GIN indexes on each searched column, lowered as the search compares them.
 * SQLite: an FTS5 table with the trigram tokenizer over the same columns (its content read from
 * `devices`, by rowid), kept by triggers; an update that leaves them as they were (a heartbeat)
 * does not touch it. After a `VACUUM` (which may renumber rowids) rebuild it with
 * `INSERT INTO devices_search(devices_search) VALUES ('rebuild')`.
 */
export const deviceSearch: Migration = {
  async up(db: Kysely<unknown>) {
    if (databaseKind(db) === 'postgres') {
      await sql`create extension if not exists pg_trgm`.execute(db)
      for (const column of DEVICE_SEARCH_COLUMNS) {
        await sql`create index ${sql.id(`devices_search_${column}`)} on devices using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(db)
      }
      return
    }
    const columns = sql.raw(DEVICE_SEARCH_COLUMNS.join(', '))
    const values = (row: 'new' | 'old') => sql.raw(DEVICE_SEARCH_COLUMNS.map((column) => `${row}.${column}`).join(', '))
    const changed = sql.raw(DEVICE_SEARCH_COLUMNS.map((column) => `old.${column} is not new.${column}`).join(' or '))
    await sql`create virtual table devices_search using fts5(${columns}, content='devices', content_rowid='rowid', tokenize='trigram')`.execute(db)
    await sql`insert into devices_search(devices_search) values ('rebuild')`.execute(db)
    await sql`create trigger devices_search_insert after insert on devices begin
      insert into devices_search(rowid, ${columns}) values (new.rowid, ${values('new')}); end`.execute(db)
    await sql`create trigger devices_search_delete after delete on devices begin
      insert into devices_search(devices_search, rowid, ${columns}) values ('delete', old.rowid, ${values('old')}); end`.execute(db)
    await sql`create trigger devices_search_update after update on devices when ${changed} begin
      insert into devices_search(devices_search, rowid, ${columns}) values ('delete', old.rowid, ${values('old')});
      insert into devices_search(rowid, ${columns}) values (new.rowid, ${values('new')}); end`.execute(db)
  },

  async down(db: Kysely<unknown>) {
    if (databaseKind(db) === 'postgres') {
      for (const column of DEVICE_SEARCH_COLUMNS) await sql`drop index ${sql.id(`devices_search_${column}`)}`.execute(db)
      return
    }
    for (const name of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.id(`devices_search_${name}`)}`.execute(db)
    await sql`drop table devices_search`.execute(db)
  },
}
