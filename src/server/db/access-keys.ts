import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { filtersOf } from '../../contract/list-filters'
import type { AnyDb, Db } from './open'
import { holdsAny, type AnySelect, type ListShape } from './records'
import type { AccessKeyRow } from './schema'

/** How many keys deep a key may be made by keys: each use walks the chain up to the person. */
export const MAX_KEY_DEPTH = 8

const DAY_MS = 24 * 3600_000

/** A key's expiry as the filter names it: past (`expired`), none (`never`), or ending within days from `now`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function expiryIs(eb: ExpressionBuilder<any, any>, value: string, now: string): Expression<SqlBool> {
  if (value === 'never') return eb('t.expires_at', 'is', null)
  if (value === 'expired') return eb('t.expires_at', '<=', now)
  const days = Number(value.replace('within_', ''))
  return eb.and([eb('t.expires_at', '>', now), eb('t.expires_at', '<=', new Date(Date.parse(now) + days * DAY_MS).toISOString())])
}

/** How the access key list is searched, sorted and filtered. */
export const ACCESS_KEY_LIST: ListShape = {
  search: ['t.name', 't.prefix'],
  sort: { name: 't.name', created_at: 't.created_at', expires_at: 't.expires_at', last_used_at: 't.last_used_at' },
  nullable: ['expires_at', 'last_used_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  fields: filtersOf('access_keys'),
  filters: {
    scope: { where: (_eb, scopes, ctx) => holdsAny({ table: 'access_key_scopes', record: 'key_id', item: 'scope' }, scopes, ctx) },
    expiry: { where: (eb, values, ctx) => eb.or(values.map((value) => expiryIs(eb, value, ctx.now))) },
    revoked: {
      where: (eb, values) => (values.length > 1 ? eb.lit(true) : values[0] === 'true' ? eb('t.revoked_at', 'is not', null) : eb('t.revoked_at', 'is', null)),
    },
  },
}

/** The organization's keys as records read them, the table aliased `t`: never the secret's hash. */
export const accessKeysOf = (db: AnyDb, organizationId: string): AnySelect =>
  db
    .selectFrom('access_keys as t')
    .select(['t.id', 't.name', 't.prefix', 't.scopes', 't.expires_at', 't.last_used_at', 't.revoked_at', 't.created_at', 't.updated_at', 't.version'])
    .where('t.organization_id', '=', organizationId)

/**
 * How many keys the chain that starts at `keyId` holds (the key, the key that made it, and so on up
 * to the one a person made), or undefined when one of them is gone, revoked or expired: what a key
 * makes ends with it.
 */
export async function liveKeyChain(db: Db, keyId: string, now: Date): Promise<number | undefined> {
  const at = now.toISOString()
  const seen = new Set<string>()
  for (let id: string | null = keyId; id !== null; ) {
    if (seen.has(id) || seen.size >= MAX_KEY_DEPTH) return undefined
    seen.add(id)
    const row = await db.selectFrom('access_keys').select(['revoked_at', 'expires_at', 'made_by_key']).where('id', '=', id).executeTakeFirst()
    if (!row || row.revoked_at || (row.expires_at !== null && row.expires_at <= at)) return undefined
    id = row.made_by_key
  }
  return seen.size
}

/** The key of a public prefix, hash and all. */
export const keyByPrefix = (db: Db, prefix: string): Promise<AccessKeyRow | undefined> => db.selectFrom('access_keys').selectAll().where('prefix', '=', prefix).executeTakeFirst()

/** Notes when a key was last used. */
export async function touchKey(db: Db, keyId: string, at: string): Promise<void> {
  await db.updateTable('access_keys').set({ last_used_at: at }).where('id', '=', keyId).execute()
}

/** The keys and the app ids that keys `makers` made, one step down. */
export async function madeByKeys(db: AnyDb, makers: string[]): Promise<{ keys: { id: string; name: string; revoked_at: string | null }[]; apps: string[] }> {
  const keys = await db.selectFrom('access_keys').select(['id', 'name', 'revoked_at']).where('made_by_key', 'in', makers).execute()
  const apps = await db.selectFrom('app_ids').select('id').where('made_by_key', 'in', makers).execute()
  return { keys, apps: apps.map((app: { id: string }) => app.id) }
}

/** Revokes the organization's keys `ids` at `now`, each to its next version. */
export async function revokeKeys(db: AnyDb, organizationId: string, ids: string[], now: string): Promise<void> {
  await db
    .updateTable('access_keys')
    .set({ revoked_at: now, updated_at: now, version: sql`version + 1` })
    .where('id', 'in', ids)
    .where('organization_id', '=', organizationId)
    .execute()
}

/** Ends every token of the app ids `appIds`. */
export async function endAppTokens(db: AnyDb, appIds: string[]): Promise<void> {
  await db.deleteFrom('app_tokens').where('app_id', 'in', appIds).execute()
}

/** The versions of keys `ids`. */
export const keyVersions = (db: AnyDb, ids: string[]): Promise<{ id: string; version: number }[]> => db.selectFrom('access_keys').select(['id', 'version']).where('id', 'in', ids).execute()
