import { randomBytes, timingSafeEqual } from 'node:crypto'
import { DEVICE_CREDENTIAL_PREFIX, ENROLLMENT_KEY_PREFIX } from '../../contract/enrollment'
import { hashSecret } from '../auth/tokens'

const ENROLLMENT_KEY = /^(enk_[a-z0-9]{8})_([\w-]{43})$/
const CREDENTIAL = /^(edc_[a-z0-9]{8})_([\w-]{43})$/

/** A new secret `<start><8>_<43>`: the first part is its public prefix, the whole only ever hashed. */
function newSecretOf(start: string): { secret: string; prefix: string; hash: string } {
  const prefix = start + randomBytes(6).toString('base64url').toLowerCase().replace(/[^a-z0-9]/g, '0').slice(0, 8)
  const secret = `${prefix}_${randomBytes(32).toString('base64url')}`
  return { secret, prefix, hash: hashSecret(secret) }
}

/** A new enrollment key: `enk_<8>_<43>`. */
export const newEnrollmentKey = () => newSecretOf(ENROLLMENT_KEY_PREFIX)
/** A new device credential: `edc_<8>_<43>`. */
export const newCredential = () => newSecretOf(DEVICE_CREDENTIAL_PREFIX)

export const looksLikeEnrollmentKey = (token: string) => token.startsWith(ENROLLMENT_KEY_PREFIX)
export const looksLikeCredential = (token: string) => token.startsWith(DEVICE_CREDENTIAL_PREFIX)

/** The public prefix of a well-formed enrollment key, or undefined. */
export const enrollmentKeyPrefix = (token: string) => ENROLLMENT_KEY.exec(token)?.[1]
/** The public prefix of a well-formed device credential, or undefined. */
export const credentialPrefix = (token: string) => CREDENTIAL.exec(token)?.[1]

/** Whether `token` is the secret whose hash is `storedHash`, compared in constant time. */
export function matchesHash(token: string, storedHash: string): boolean {
  const want = Buffer.from(storedHash, 'hex')
  const got = Buffer.from(hashSecret(token), 'hex')
  return want.length === got.length && timingSafeEqual(want, got)
}
