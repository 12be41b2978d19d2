import type { AnyDb, Db } from './open'
import type { DeviceCredentialRow } from './schema'

/** A credential as the device's page reads it: never the hash. */
const SHOWN = ['id', 'device_id', 'prefix', 'created_at', 'expires_at', 'last_used_at', 'revoked_at'] as const

/** Keeps a new credential. */
export async function insertCredential(db: AnyDb, row: DeviceCredentialRow): Promise<void> {
  await db.insertInto('device_credentials').values(row).execute()
}

/**
 * A credential of a public prefix, hash and all, with what its device is now (enabled, status);
 * undefined when unknown or its device is gone.
 */
export const credentialByPrefix = (db: Db, prefix: string) =>
  db
    .selectFrom('device_credentials as c')
    .innerJoin('devices as d', 'd.id', 'c.device_id')
    .selectAll('c')
    .select(['d.enabled as device_enabled', 'd.status as device_status'])
    .where('c.prefix', '=', prefix)
    .executeTakeFirst()

/** The device's live credential: not revoked, not replaced by a renewal, newest first. */
export const liveCredentialOf = (db: AnyDb, organizationId: string, deviceId: string) =>
  db
    .selectFrom('device_credentials')
    .select([...SHOWN])
    .where('organization_id', '=', organizationId)
    .where('device_id', '=', deviceId)
    .where('revoked_at', 'is', null)
    .where('replaced_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst()

/** Revokes every credential of the device still standing at `now`; answers how many. */
export async function revokeCredentialsOf(db: AnyDb, organizationId: string, deviceId: string, now: string): Promise<number> {
  const updated = await db
    .updateTable('device_credentials')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where('device_id', '=', deviceId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows)
}

/**
 * Marks the credential replaced by a renewal, from its first renewal on (a later one keeps that
 * time, so its grace never grows), unless it was revoked; answers whether it still stood. The row
 * stays locked to the transaction, so two renewals of one credential take turns.
 */
export async function replaceCredential(db: AnyDb, credentialId: string, now: string): Promise<boolean> {
  const updated = await db
    .updateTable('device_credentials')
    .set((eb) => ({ replaced_at: eb.fn.coalesce('replaced_at', eb.val(now)) }))
    .where('id', '=', credentialId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return updated.numUpdatedRows !== 0n
}

/** Revokes every credential of the device still standing but `keepId`; answers how many. */
export async function revokeOtherCredentials(db: AnyDb, organizationId: string, deviceId: string, keepId: string, now: string): Promise<number> {
  const updated = await db
    .updateTable('device_credentials')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where('device_id', '=', deviceId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows)
}

/** Notes when a credential was last used. */
export async function touchCredential(db: Db, credentialId: string, at: string): Promise<void> {
  await db.updateTable('device_credentials').set({ last_used_at: at }).where('id', '=', credentialId).execute()
}


/** The device's newest credential, whatever its state. */
export const newestCredentialOf = (db: AnyDb, organizationId: string, deviceId: string) =>
  db
    .selectFrom('device_credentials')
    .select([...SHOWN])
    .where('organization_id', '=', organizationId)
    .where('device_id', '=', deviceId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst()

/** How many ended credentials (revoked or replaced) a device keeps, newest first: its page and trail need no more. */
export const ENDED_CREDENTIALS_KEPT = 5

/**
 * Deletes the device's ended credentials past the newest `ENDED_CREDENTIALS_KEPT`, so a device
 * enrolling again and again, or renewing, never grows the table without end.
 */
export async function pruneCredentials(db: AnyDb, deviceId: string): Promise<void> {
  const kept = db
    .selectFrom('device_credentials')
    .select('id')
    .where('device_id', '=', deviceId)
    .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('replaced_at', 'is not', null)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(ENDED_CREDENTIALS_KEPT)
  await db
    .deleteFrom('device_credentials')
    .where('device_id', '=', deviceId)
    .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('replaced_at', 'is not', null)]))
    // A derived table: a subquery with a limit under `in` is refused by some databases' versions.
    .where('id', 'not in', db.selectFrom(kept.as('k')).select('k.id'))
    .execute()
}
