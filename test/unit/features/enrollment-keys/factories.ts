import type { EnrollmentKey } from '../../../../src/contract/enrollment'

const DAY_MS = 86_400_000
let next = 0

/** `days` from now as an ISO time; negative is in the past. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString()

/** An enrollment key as `GET /enrollment_keys/` lists it: one-off, unused, expiring in 7 days. */
export function createEnrollmentKey(overrides: Partial<EnrollmentKey> = {}): EnrollmentKey {
  next += 1
  return {
    id: `ek-${next}`,
    name: `Enrollment ${next}`,
    prefix: `enk_${String(next).padStart(8, '0')}`,
    max_uses: 1,
    uses: 0,
    expires_at: daysFromNow(7),
    tags: [],
    location: '',
    model: '',
    approve: false,
    ephemeral: false,
    last_used_at: null,
    revoked_at: null,
    created_at: daysFromNow(-1),
    updated_at: daysFromNow(-1),
    version: 1,
    ...overrides,
  }
}
