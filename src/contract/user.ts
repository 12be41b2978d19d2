import type { Right } from './rights'
import type { SessionEndReason } from './session-end'

export interface Organization {
  id: string
  name: string
}

/** The presence a user picks; 'bussy' is spelt so and reads Busy. */
export const PRESENCES = ['online', 'idle', 'bussy', 'offline'] as const
export type Presence = (typeof PRESENCES)[number]
export const isPresence = (value: unknown): value is Presence => (PRESENCES as readonly unknown[]).includes(value)

/** The signed-in user as `GET /users/self` returns it. */
export interface User {
  id: string
  email: string
  name: string
  /** Photo URL; empty when the user has none and the console shows its default. */
  avatar: string
  presence: Presence
  /** The rights in the current organization. */
  rights: Right[]
  /** The organization the user works in now; every collection call is scoped to it. */
  organization: Organization
  /** Every organization the user is active in, by name, for the switcher. */
  organizations: Organization[]
}

/** Answer of sign-in and register: the user with the token to keep. */
export interface AuthAnswer {
  user: User & { auth_key: string }
  message: string
}

/** Every failure answer of the API. */
export interface ErrorAnswer {
  message: string
  errors?: Record<string, string>
  /** A 403 for a missing right: the rights any one of which would have done. */
  rights?: Right[]
  /** A 401 for a session the server still knows: why it stopped working. */
  reason?: SessionEndReason
}
