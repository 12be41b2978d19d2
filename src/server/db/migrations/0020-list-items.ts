import { sql, type Kysely, type Migration } from 'kysely'
import { databaseKind } from '../kind'

/** A JSON list column and the table that holds its items one per row, for the list filters. */
interface ItemTable {
  /** The table of the items: `device_tags`. */
  name: string
  /** The records' table and its JSON list column. */
  table: string
  column: string
  /** The items' own columns: the record's id and the item. */
  recordColumn: string
  itemColumn: string
}

/** A device's tags and a key's scopes, the two list filters that asked for a whole item of a JSON text. */
export const ITEM_TABLES: readonly ItemTable[] = [
  { name: 'device_tags', table: 'devices', column: 'tags', recordColumn: 'device_id', itemColumn: 'tag' },
  { name: 'access_key_scopes', table: 'access_keys', column: 'scopes', recordColumn: 'key_id', itemColumn: 'scope' },
]

/**
 * The tag and scope filters read an index instead of every row of the organization: each item of
 * a device's `tags` (a key's `scopes`) is a row of its own, keyed by organization and item, so a
 * rare tag among 100,000 devices is found by the index alone.
 * Triggers keep the rows, on both databases, whoever writes (a form, a bulk action, an undo), and
 * only when the list column itself is written: a heartbeat, which rewrites a device's row, leaves
 * them alone. A JSON value other than a list holds no item.
 */
export const listItems: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = databaseKind(db) === 'postgres'
    for (const items of ITEM_TABLES) {
      const { name, table, column, recordColumn, itemColumn } = items
      const [itemsId, tableId, columnId, recordId, itemId] = [name, table, column, recordColumn, itemColumn].map((part) => sql.id(part))
      await sql`create table ${itemsId} (
        organization_id text not null,
        ${itemId} text not null,
        ${recordId} text not null${postgres ? sql` references ${tableId}(id) on delete cascade` : sql``},
        primary key (organization_id, ${itemId}, ${recordId}))`.execute(db)
      await sql`create index ${sql.id(`${name}_record`)} on ${itemsId} (${recordId})`.execute(db)
      if (postgres) {
        const keep = sql.id(`${name}_keep`)
        // `jsonb_typeof` first: a JSON value other than a list holds no item rather than failing the write.
        const listOf = (row: string) => sql`case when jsonb_typeof(${sql.raw(row)}.${columnId}::jsonb) = 'array' then ${sql.raw(row)}.${columnId}::jsonb else '[]'::jsonb end`
        await sql`create function ${keep}() returns trigger language plpgsql as $$
          begin
            if tg_op = 'UPDATE' then
              delete from ${itemsId} where ${recordId} = old.id;
            end if;
            insert into ${itemsId} (organization_id, ${itemId}, ${recordId})
              select distinct new.organization_id, item, new.id from jsonb_array_elements_text(${listOf('new')}) as item;
            return null;
          end $$`.execute(db)
        await sql`create trigger ${keep} after insert or update of ${columnId}, organization_id on ${tableId} for each row execute function ${keep}()`.execute(db)
        await sql`insert into ${itemsId} (organization_id, ${itemId}, ${recordId})
          select distinct src.organization_id, item, src.id from ${tableId} as src, jsonb_array_elements_text(${listOf('src')}) as item`.execute(db)
        continue
      }
      // `from` names the records' table for the copy of the rows already there; a trigger reads `new`.
      const itemsOf = (row: string, from = sql``) => sql`select distinct ${sql.raw(row)}.organization_id, j.value, ${sql.raw(row)}.id
        from ${from}json_each(case when json_valid(${sql.raw(row)}.${columnId}) and json_type(${sql.raw(row)}.${columnId}) = 'array' then ${sql.raw(row)}.${columnId} else '[]' end) as j
        where j.type = 'text'`
      await sql`create trigger ${sql.id(`${name}_insert`)} after insert on ${tableId} begin
        insert into ${itemsId} (organization_id, ${itemId}, ${recordId}) ${itemsOf('new')}; end`.execute(db)
      await sql`create trigger ${sql.id(`${name}_update`)} after update of ${columnId}, organization_id on ${tableId} begin
        delete from ${itemsId} where ${recordId} = old.id;
        insert into ${itemsId} (organization_id, ${itemId}, ${recordId}) ${itemsOf('new')}; end`.execute(db)
      await sql`create trigger ${sql.id(`${name}_delete`)} after delete on ${tableId} begin
        delete from ${itemsId} where ${recordId} = old.id; end`.execute(db)
      await sql`insert into ${itemsId} (organization_id, ${itemId}, ${recordId}) ${itemsOf('src', sql`${tableId} as src, `)}`.execute(db)
    }
  },

  async down(db: Kysely<unknown>) {
    const postgres = databaseKind(db) === 'postgres'
    for (const { name, table } of ITEM_TABLES) {
      if (postgres) {
        await sql`drop trigger ${sql.id(`${name}_keep`)} on ${sql.id(table)}`.execute(db)
        await sql`drop function ${sql.id(`${name}_keep`)}()`.execute(db)
      } else {
        for (const event of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.id(`${name}_${event}`)}`.execute(db)
      }
      await sql`drop table ${sql.id(name)}`.execute(db)
    }
  },
}
