import { RIGHTS } from '../../../../src/contract/rights'
import type { RoleRecord } from '../../../../src/contract/roles'

let next = 0

/** A role as `GET /roles/` lists it. */
export function createRole(overrides: Partial<RoleRecord> = {}): RoleRecord {
  next += 1
  return {
    id: `r-${next}`,
    name: `Role ${next}`,
    description: '',
    rights: ['devices'],
    builtin: false,
    member_count: 0,
    created_at: '2025-01-10T08:00:00.000Z',
    updated_at: '2025-01-10T08:00:00.000Z',
    version: 1,
    ...overrides,
  }
}

/** The organization's built-in Administrator role. */
export const createAdministrator = (overrides: Partial<RoleRecord> = {}) =>
  createRole({ name: 'Administrator', description: 'Every right', rights: [...RIGHTS], builtin: true, member_count: 1, ...overrides })
