import { sql } from 'kysely'
import { filtersOf } from '../../contract/list-filters'
import type { AnyDb, Db } from './open'
import type { AnySelect, ListShape } from './records'
import type { EnrollmentKeyRow } from './schema'

/** How the enrollment key list is searched, sorted and filtered (revoked or not). */
export const ENROLLMENT_KEY_LIST: ListShape = {
  search: ['t.name', 't.prefix'],
  sort: { name: 't.name', created_at: 't.created_at', expires_at: 't.expires_at', last_used_at: 't.last_used_at', uses: 't.uses' },
  nullable: ['last_used_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  fields: filtersOf('enrollment_keys'),
  filters: {
    revoked: {
      where: (eb, values) => (values.length > 1 ? eb.lit(true) : values[0] === 'true' ? eb('t.revoked_at', 'is not', null) : eb('t.revoked_at', 'is', null)),
    },
  },
}

/** The organization's enrollment keys as records read them, the table aliased `t`: never the secret's hash. */
export const enrollmentKeysOf = (db: AnyDb, organizationId: string): AnySelect =>
  db
    .selectFrom('enrollment_keys as t')
    .select([
      't.id',
      't.name',
      't.prefix',
      't.max_uses',
      't.uses',
      't.expires_at',
      't.tags',
      't.location',
      't.model',
      't.approve',
      't.ephemeral',
      't.last_used_at',
      't.revoked_at',
      't.created_at',
      't.updated_at',
      't.version',
    ])
    .where('t.organization_id', '=', organizationId)

/** The enrollment key of a public prefix, hash and all. */
export const enrollmentKeyByPrefix = (db: Db, prefix: string): Promise<EnrollmentKeyRow | undefined> =>
  db.selectFrom('enrollment_keys').selectAll().where('prefix', '=', prefix).executeTakeFirst()

/**
 * Takes one use of the key, in one statement that checks it still has one and is neither revoked
 * nor expired at `now`: of two enrollments racing for the last use, the second finds no row to
 * change. Answers whether the use was taken.
 */
export async function takeKeyUse(db: AnyDb, keyId: string, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('enrollment_keys')
    .set({ uses: sql`uses + 1`, last_used_at: now })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where(sql<boolean>`uses < max_uses`)
    .executeTakeFirst()
  return updated.numUpdatedRows !== 0n
}

/** Notes when a key was last used (a device re-attaching takes no use). */
export async function touchEnrollmentKey(db: AnyDb, keyId: string, at: string): Promise<void> {
  await db.updateTable('enrollment_keys').set({ last_used_at: at }).where('id', '=', keyId).execute()
}
