import { sql } from 'kysely'
import type { AnySelect } from '../records'
import type { AnyDb } from '../open'

/** Who made the app id and with which key, when it exists. */
export async function makersOfApp(db: AnyDb, appId: string): Promise<{ created_by: string | null; made_by_key: string | null } | undefined> {
  return db.selectFrom('app_ids').select(['created_by', 'made_by_key']).where('id', '=', appId).executeTakeFirst()
}

/** The organization's app ids (aliased `t`), without their secrets. */
export const appIdsQuery = (db: AnyDb, organizationId: string): AnySelect =>
  db
    .selectFrom('app_ids as t')
    .select(['t.id', 't.name', 't.client_id', 't.redirect_uris', 't.scopes', 't.rotated_at', 't.created_at', 't.updated_at', 't.version'])
    .where('t.organization_id', '=', organizationId)

/** The row of app id `id` in an app ids query. */
export const appIdRow = (query: AnySelect, id: string) => query.where('t.id', '=', id).executeTakeFirst() as Promise<Record<string, unknown> | undefined>

/** Gives the app id a new secret (its hash), counting a new version. */
export async function replaceAppSecret(db: AnyDb, organizationId: string, id: string, secretHash: string, at: string): Promise<void> {
  await db
    .updateTable('app_ids')
    .set({ secret_hash: secretHash, rotated_at: at, updated_at: at, version: sql`version + 1` })
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .execute()
}

/** Deletes every token issued to the app id. */
export async function deleteAppTokensOf(db: AnyDb, appId: string): Promise<void> {
  await db.deleteFrom('app_tokens').where('app_id', '=', appId).execute()
}
