import { array, boolean, literal, object, type Infer } from 'superstruct'
import type { BaseRecord } from './collections'
import { Location, MAX_TAGS, Serial, Tag } from './devices'
import { optional, size, union } from './json-schema'
import { Between, OptionalText } from './record-fields'
import { LIMITS, Text } from './validation'

// How a device joins: an enrollment key (right `devices`) lets a device enroll itself once or up to
// a number of times; each enrolled device gets a credential of its own that acts for it alone.

export { DEVICE_CREDENTIAL_PREFIX, ENROLLMENT_KEY_PREFIX } from './device-credentials'

/** The model of an enrolled device that neither it nor its key names: a device's model is never empty. */
export const UNKNOWN_MODEL = 'Unknown'

/** Days an enrollment key lasts; at most 90, so a key copied into a script does not live for ever. */
export const ENROLLMENT_EXPIRY_DAYS = [1, 7, 30, 90] as const
/** The most devices one reusable key enrolls. */
export const MAX_ENROLLMENT_USES = 10_000

export { CREDENTIAL_GRACE_S, CREDENTIAL_LIFETIME_DAYS, CREDENTIAL_RENEW_WITHIN_DAYS, renewDue } from './device-credentials'
/** An ephemeral device (enrolled by an ephemeral key) is removed after this long without a heartbeat. */
export const EPHEMERAL_AFTER_S = 3600

export interface EnrollmentKey extends BaseRecord {
  name: string
  /** The public start of the key (`enk_ab12cd34`), all that is shown after creation. */
  prefix: string
  /** How many devices it enrolls: 1 is a one-off key. */
  max_uses: number
  /** How many devices it has enrolled so far (a device enrolling again is not counted twice). */
  uses: number
  expires_at: string
  /** What it presets on the devices it enrolls. */
  tags: string[]
  location: string
  model: string
  /** Its devices wait as `pending` until someone approves each; their heartbeats are held till then. */
  approve: boolean
  /** Its devices are removed after `EPHEMERAL_AFTER_S` without a heartbeat. */
  ephemeral: boolean
  last_used_at: string | null
  revoked_at: string | null
}

/** `POST /enrollment_keys/` answers the key with its secret, the only time the secret is sent. */
export interface IssuedEnrollmentKey extends EnrollmentKey {
  secret: string
}

export const EnrollmentKeyInput = object({
  name: Text(LIMITS.name),
  max_uses: Between(1, MAX_ENROLLMENT_USES, true),
  expires_in_days: union([literal(1), literal(7), literal(30), literal(90)]),
  tags: size(array(Tag), 0, MAX_TAGS),
  location: Location,
  model: OptionalText(80),
  approve: boolean(),
  ephemeral: boolean(),
})
export type EnrollmentKeyInput = Infer<typeof EnrollmentKeyInput>

/** An enrollment key's name can change after issue; nothing else can (revoke it and make another). */
export const EnrollmentKeyUpdate = object({ name: Text(LIMITS.name) })
export type EnrollmentKeyUpdate = Infer<typeof EnrollmentKeyUpdate>

/**
 * `POST /devices/enroll` with `Authorization: Bearer enk_...`: the device's hardware identity (its
 * serial or machine id) and, optionally, a name and model. The same serial enrolling again in the
 * organization re-attaches to its record (name, tags, history kept) and gets a fresh credential.
 */
export const EnrollBody = object({
  serial: Serial,
  name: optional(Text(LIMITS.name)),
  model: optional(OptionalText(80)),
})
export type EnrollBody = Infer<typeof EnrollBody>

/** A device credential as its device's page shows it: never the secret. */
export interface DeviceCredential {
  id: string
  device_id: string
  prefix: string
  created_at: string
  expires_at: string
  last_used_at: string | null
  revoked_at: string | null
}

/** A credential with its secret: answered once, by enrollment or renewal. */
export interface IssuedCredential extends DeviceCredential {
  secret: string
}

/** What `POST /devices/enroll` answers: the device's id, name and status, and its credential. */
export interface Enrolled {
  device: { id: string; name: string; status: string }
  credential: IssuedCredential
  /** True when the serial was already known and its record re-attached. */
  reattached: boolean
}
