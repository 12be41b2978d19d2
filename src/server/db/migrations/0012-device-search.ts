import { sql, type Kysely, type Migration } from 'kysely'
import { databaseKind } from '../kind'

/** The columns a device search looks in (`collections/devices.ts`). */
export const DEVICE_SEARCH_COLUMNS = ['name', 'serial', 'model', 'location', 'ip', 'tags_text'] as const

/**
 * A trigram index behind the device search, so a rare term is found without reading every device,
 * in a table of its own (`devices_search`, one row per device with the searched columns) kept by
 * triggers that write it only when a searched column changes: a heartbeat, which rewrites the
 * device's row, leaves it alone.
 * PostgreSQL: the table keyed by the device's `id`, a `pg_trgm` GIN index on each column lowered as
 * the search compares them; a deleted device's row goes with it (foreign key).
 * SQLite: an FTS5 table with the trigram tokenizer (its content read from `devices` by rowid).
 * After a `VACUUM`, which may renumber rowids, rebuild it with
 * `INSERT INTO devices_search(devices_search) VALUES ('rebuild')`.
 */
export const deviceSearch: Migration = {
  async up(db: Kysely<unknown>) {
    const columns = sql.raw(DEVICE_SEARCH_COLUMNS.join(', '))
    const values = (row: 'new' | 'old') => sql.raw(DEVICE_SEARCH_COLUMNS.map((column) => `${row}.${column}`).join(', '))
    if (databaseKind(db) === 'postgres') {
      await sql`create extension if not exists pg_trgm`.execute(db)
      await sql`create table devices_search (
        id text primary key references devices(id) on delete cascade,
        ${sql.raw(DEVICE_SEARCH_COLUMNS.map((column) => `${column} text not null`).join(', '))})`.execute(db)
      await sql`insert into devices_search (id, ${columns}) select id, ${columns} from devices`.execute(db)
      for (const column of DEVICE_SEARCH_COLUMNS) {
        // Without fastupdate: written straight into the index (the table changes seldom), rather than
        // into a pending list that every search would have to read until a vacuum empties it.
        await sql`create index ${sql.id(`devices_search_${column}`)} on devices_search using gin (lower(${sql.ref(column)}) gin_trgm_ops) with (fastupdate = off)`.execute(db)
      }
      await sql`create function devices_search_keep() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into devices_search (id, ${columns}) values (new.id, ${values('new')});
          elsif (${values('new')}) is distinct from (${values('old')}) then
            update devices_search set ${sql.raw(DEVICE_SEARCH_COLUMNS.map((column) => `${column} = new.${column}`).join(', '))} where id = new.id;
          end if;
          return null;
        end $$`.execute(db)
      await sql`create trigger devices_search_keep after insert or update on devices for each row execute function devices_search_keep()`.execute(db)
      return
    }
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
      await sql`drop trigger devices_search_keep on devices`.execute(db)
      await sql`drop function devices_search_keep()`.execute(db)
      await sql`drop table devices_search`.execute(db)
      return
    }
    for (const name of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.id(`devices_search_${name}`)}`.execute(db)
    await sql`drop table devices_search`.execute(db)
  },
}
