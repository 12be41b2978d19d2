import type { Db } from './open'

/** Deletes password resets, OAuth states and codes, and invitations used or expired by `at`. */
export async function deleteSpentLinks(db: Db, at: string): Promise<void> {
  await db.deleteFrom('password_resets').where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', at)])).execute()
  await db.deleteFrom('oauth_states').where('expires_at', '<=', at).execute()
  await db.deleteFrom('oauth_codes').where('expires_at', '<=', at).execute()
  await db.deleteFrom('invitations').where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', at)])).execute()
}

/**
 * Deletes the accounts invitations made (no password, never accepted) with no invitation open at
 * `at` and no place other than as an invited member.
 */
export async function deleteLapsedInvitedAccounts(db: Db, at: string): Promise<void> {
  await db
    .deleteFrom('users')
    .where('status', '=', 'invited')
    .where('password_hash', '=', '')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('invitations as i').select('i.id').whereRef('i.user_id', '=', 'users.id').where('i.used_at', 'is', null).where('i.expires_at', '>', at),
        ),
      ),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('members as m').select('m.id').whereRef('m.user_id', '=', 'users.id').where('m.status', '!=', 'invited'))))
    .execute()
}

/** Deletes sign-ins older than `before`. */
export async function deleteSignInsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('sign_ins').where('at', '<', before).execute()
}

/** Deletes webhook deliveries finished (delivered or failed) before `before`; waiting ones stay. */
export async function deleteFinishedDeliveriesBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where('state', 'in', ['delivered', 'failed']).where('created_at', '<', before).execute()
}

/** Deletes heartbeat samples older than `before`. */
export async function deleteHeartbeatsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('heartbeats').where('at', '<', before).execute()
}
