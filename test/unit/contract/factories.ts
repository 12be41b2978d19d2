import type { AuthAnswer, User } from '../../../src/contract/user'

/** A signed-in user as `GET /users/self` returns it. */
export function createUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    avatar: '',
    rights: [],
    organization: { id: 'o-1', name: 'Analytical Engines' },
    ...overrides,
  }
}

/** The answer of sign-in and register: the user with the token to keep. */
export function createAuthAnswer(overrides: Partial<User> = {}, authKey = 'token-1'): AuthAnswer {
  return { user: { ...createUser(overrides), auth_key: authKey }, message: 'Signed in' }
}
