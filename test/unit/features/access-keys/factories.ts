import type { AccessKey } from '../../../../src/contract/access-keys'

const DAY_MS = 86_400_000
let next = 0

/** `days` from now as an ISO time; negative is in the past. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString()

/** An access key as `GET /access_keys/` lists it: active, expiring in 90 days, never used. */
export function createAccessKey(overrides: Partial<AccessKey> = {}): AccessKey {
  next += 1
  return {
    id: `k-${next}`,
    name: `Key ${next}`,
    prefix: `edk_${String(next).padStart(8, '0')}`,
    scopes: ['devices'],
    expires_at: daysFromNow(90),
    last_used_at: null,
    revoked_at: null,
    created_at: daysFromNow(-1),
    updated_at: daysFromNow(-1),
    version: 1,
    ...overrides,
  }
}
