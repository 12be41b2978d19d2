import type { Db } from '../open'

/** The app id of these client credentials, with what a token for it needs. */
export const appIdByClient = (db: Db, clientId: string) =>
  db
    .selectFrom('app_ids')
    .select(['id', 'organization_id', 'created_by', 'made_by_key', 'secret_hash', 'scopes'])
    .where('client_id', '=', clientId)
    .executeTakeFirst()

/** Writes an app token; only its hash is kept, its scopes as JSON. */
export async function insertAppToken(
  db: Db,
  token: { id: string; tokenHash: string; appId: string; organizationId: string; scopes: string; at: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('app_tokens')
    .values({
      id: token.id,
      token_hash: token.tokenHash,
      app_id: token.appId,
      organization_id: token.organizationId,
      scopes: token.scopes,
      created_at: token.at,
      expires_at: token.expiresAt,
    })
    .execute()
}

/** The unexpired app token of this hash, with its app id's organization, scopes, maker and key. */
export const liveAppToken = (db: Db, tokenHash: string, at: string) =>
  db
    .selectFrom('app_tokens')
    .innerJoin('app_ids', 'app_ids.id', 'app_tokens.app_id')
    .select(['app_tokens.scopes as token_scopes', 'app_tokens.expires_at', 'app_ids.id', 'app_ids.organization_id', 'app_ids.scopes', 'app_ids.created_by', 'app_ids.made_by_key'])
    .where('app_tokens.token_hash', '=', tokenHash)
    .where('app_tokens.expires_at', '>', at)
    .executeTakeFirst()

/** Deletes the app tokens past their end (`at`, ISO). */
export async function deleteRunOutAppTokens(db: Db, at: string): Promise<void> {
  await db.deleteFrom('app_tokens').where('expires_at', '<=', at).execute()
}
