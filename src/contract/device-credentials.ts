// The secrets' prefixes and when a device credential renews itself: apart from the enrollment
// structs (`enrollment.ts`, which exports them too), so the agent a device runs carries no
// validation code.

/** The public start of an enrollment key's secret: `enk_<8>_<43>`. */
export const ENROLLMENT_KEY_PREFIX = 'enk_'
/** The public start of a device credential's secret: `edc_<8>_<43>`. */
export const DEVICE_CREDENTIAL_PREFIX = 'edc_'

/** Days a device credential lasts from when it is made or renewed. */
export const CREDENTIAL_LIFETIME_DAYS = 30
/** A device renews its credential once less than this many days are left. */
export const CREDENTIAL_RENEW_WITHIN_DAYS = 10
/** After a renewal the credential it replaces still works this long, so a lost answer locks nobody out. */
export const CREDENTIAL_GRACE_S = 3600

/** A device credential left unrenewed this many days before it ends. */
export const renewDue = (expiresAt: string, now: number): boolean => Date.parse(expiresAt) - now < CREDENTIAL_RENEW_WITHIN_DAYS * 86_400_000
