import { randomUUID } from 'node:crypto'
import { CREDENTIAL_GRACE_S, CREDENTIAL_LIFETIME_DAYS, type DeviceCredential, type IssuedCredential } from '../../contract/enrollment'
import { deviceEnabled } from '../db/enrolled-devices'
import { credentialByPrefix, insertCredential, liveCredentialOf, pruneCredentials, replaceCredential, revokeCredentialsOf, revokeOtherCredentials, touchCredential } from '../db/device-credentials'
import { noteUnlessTroubled } from '../db/errors'
import { beatingDevice } from '../db/live'
import type { AnyDb, Db } from '../db/open'
import { inTransaction } from '../db/transaction'
import { refuse } from '../problem'
import { credentialPrefix, matchesHash, newCredential } from './secrets'

/** A credential's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000
const DAY_MS = 24 * 3600_000

/** Who a device credential speaks for: its device alone. */
export interface DeviceHolder {
  deviceId: string
  credentialId: string
  organizationId: string
  /** When the credential ends, renewed or not. */
  expiresAt: string
}

/**
 * The device a credential acts for, or undefined when it is unknown, revoked, expired, replaced by
 * a renewal longer than `CREDENTIAL_GRACE_S` ago, or its device is gone.
 */
export async function credentialHolder(db: Db, token: string, now: Date): Promise<DeviceHolder | undefined> {
  const prefix = credentialPrefix(token)
  if (!prefix) return undefined
  const row = await credentialByPrefix(db, prefix)
  if (!row || row.revoked_at || !matchesHash(token, row.secret_hash)) return undefined
  const at = now.toISOString()
  if (row.expires_at <= at) return undefined
  if (row.replaced_at && Date.parse(row.replaced_at) + CREDENTIAL_GRACE_S * 1000 <= now.getTime()) return undefined
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS) {
    await noteUnlessTroubled(() => touchCredential(db, row.id, at))
  }
  return { deviceId: row.device_id, credentialId: row.id, organizationId: row.organization_id, expiresAt: row.expires_at }
}

/** Makes a new credential for the device, valid `CREDENTIAL_LIFETIME_DAYS` from `now`; its secret is in the answer alone. */
export async function issueCredential(db: AnyDb, organizationId: string, deviceId: string, now: string): Promise<IssuedCredential> {
  const { secret, prefix, hash } = newCredential()
  const credential: DeviceCredential = {
    id: randomUUID(),
    device_id: deviceId,
    prefix,
    created_at: now,
    expires_at: new Date(Date.parse(now) + CREDENTIAL_LIFETIME_DAYS * DAY_MS).toISOString(),
    last_used_at: null,
    revoked_at: null,
  }
  await insertCredential(db, { ...credential, organization_id: organizationId, secret_hash: hash, replaced_at: null })
  await pruneCredentials(db, deviceId)
  return { ...credential, secret }
}

/**
 * A renewal: a new credential for the holder's device; the one renewed works `CREDENTIAL_GRACE_S`
 * more from its first renewal. A device whose answer was lost renews again with the old one within
 * that time: the credential it never received is revoked and a fresh one issued, so a lost answer
 * locks nobody out and the device holds one credential.
 */
export function renewCredential(db: AnyDb, holder: Pick<DeviceHolder, 'deviceId' | 'credentialId' | 'organizationId'>, now: string): Promise<IssuedCredential> {
  return inTransaction(db, async (trx) => {
    if (!(await deviceEnabled(trx, holder.organizationId, holder.deviceId))) throw refuse('forbidden', 'deviceDisabled')
    if (!(await replaceCredential(trx, holder.credentialId, now))) throw refuse('unauthorized', 'credentialRefused')
    await revokeOtherCredentials(trx, holder.organizationId, holder.deviceId, holder.credentialId, now)
    return issueCredential(trx, holder.organizationId, holder.deviceId, now)
  })
}

/** The device's live credential, never its secret; null when it has none. */
export async function credentialOf(db: Db, organizationId: string, deviceId: string): Promise<DeviceCredential | null> {
  const row = await liveCredentialOf(db, organizationId, deviceId)
  if (row) return { ...row }
  // None is an answer a device page shows, not an error; another organization's device is unknown.
  if (!(await beatingDevice(db, organizationId, deviceId))) throw refuse('notFound', 'notFound')
  return null
}

/** Revokes every credential of the device at once; answers how many were standing. */
export const revokeCredentials = (db: AnyDb, organizationId: string, deviceId: string, now: string) => revokeCredentialsOf(db, organizationId, deviceId, now)
