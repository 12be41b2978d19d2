import type { AuthAnswer, User } from '../../../src/contract/user'
import type { Device } from '../../../src/contract/devices'

/** A signed-in user as `GET /users/self` returns it. */
export function createUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    avatar: '',
    presence: 'online',
    rights: [],
    organization: { id: 'o-1', name: 'Analytical Engines' },
    organizations: [{ id: 'o-1', name: 'Analytical Engines' }],
    ...overrides,
  }
}

/** The answer of sign-in and register: the user with the token to keep. */
export function createAuthAnswer(overrides: Partial<User> = {}, authKey = 'token-1'): AuthAnswer {
  return { user: { ...createUser(overrides), auth_key: authKey }, message: 'Signed in' }
}

/** A device as the devices collection returns it. */
export function createDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 'd-1',
    created_at: '2025-01-10T08:00:00.000Z',
    updated_at: '2025-01-12T09:30:00.000Z',
    version: 3,
    name: 'gate-1',
    serial: 'SN-0001',
    model: 'EdgeBox X1',
    status: 'online',
    ip: '10.0.0.21',
    firmware: '2.4.1',
    os: 'Debian GNU/Linux 12 (bookworm)',
    location: 'Hall A',
    tags: ['north'],
    enabled: true,
    last_seen: '2025-01-12T09:29:50.000Z',
    enrolled_by: null,
    ...overrides,
  }
}
