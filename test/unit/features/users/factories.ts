import type { UserRecord, UserRole } from '../../../../src/contract/users'

const DAY_MS = 86_400_000
let next = 0

/** `days` from now as an ISO time; negative is in the past. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString()

export const ROLES: Record<'admin' | 'operator' | 'viewer', UserRole> = {
  admin: { id: 'r-admin', name: 'Administrator' },
  operator: { id: 'r-operator', name: 'Operator' },
  viewer: { id: 'r-viewer', name: 'Viewer' },
}

/** A member as `GET /users/` lists them: active, an Operator, signed in a day ago. */
export function createMember(overrides: Partial<UserRecord> = {}): UserRecord {
  next += 1
  return {
    id: `u-${next}`,
    email: `member-${next}@example.com`,
    name: `Member ${next}`,
    avatar: '',
    status: 'active',
    roles: [ROLES.operator],
    last_sign_in: daysFromNow(-1),
    invitation_expires_at: null,
    created_at: daysFromNow(-30),
    updated_at: daysFromNow(-2),
    version: 1,
    ...overrides,
  }
}
