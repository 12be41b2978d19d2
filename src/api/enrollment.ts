import { collectionPath } from '../contract/collections'
import type { DeviceCredential, EnrollmentKey, EnrollmentKeyInput, EnrollmentKeyUpdate, IssuedEnrollmentKey } from '../contract/enrollment'
import { call } from './client'
import { collection } from './collection'

/** Issuing answers the key with its secret, once; the list and every other answer carry only the prefix. */
export const enrollmentKeysApi = collection<EnrollmentKey, EnrollmentKeyInput, IssuedEnrollmentKey>('enrollment_keys')
/** After issue only the name changes. */
export const enrollmentRenameApi = collection<EnrollmentKey, EnrollmentKeyUpdate>('enrollment_keys')

/** Revokes a key for good: it enrolls nothing more and stays listed, marked revoked. */
export const revokeEnrollmentKey = (id: string) => call<EnrollmentKey>('POST', `${collectionPath('enrollment_keys', id)}/revoke`)

/** The most characters of a key's name (`LIMITS.name`). */
const NAME_MAX = 120

/** A one-off key named `name`, lasting a day, that connects one device (re-attached to its record by its serial). */
export const issueConnectKey = (name: string) =>
  enrollmentKeysApi.create({ name: name.slice(0, NAME_MAX), max_uses: 1, expires_in_days: 1, tags: [], location: '', model: '', approve: false, ephemeral: false })

/** The device's live credential; null when it has none. */
export const deviceCredential = (deviceId: string, signal?: AbortSignal) => call<DeviceCredential | null>('GET', `${collectionPath('devices', deviceId)}/credential`, { signal })

/** Revokes the device's credential at once: its next call is refused. */
export const revokeDeviceCredential = (deviceId: string) => call<DeviceCredential | undefined>('POST', `${collectionPath('devices', deviceId)}/credential/revoke`)

/** A pending device becomes provisioning: its next heartbeat counts. */
export const approveDevice = (deviceId: string) => call<unknown>('POST', `${collectionPath('devices', deviceId)}/approve`)

/** A pending device is removed, its credential with it. */
export const refuseDevice = (deviceId: string) => call<unknown>('POST', `${collectionPath('devices', deviceId)}/refuse`)
