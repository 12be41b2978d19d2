import type { Right } from './rights'

export interface Organization {
  id: string
  name: string
}

/** The signed-in user as `GET /users/self` returns it. */
export interface User {
  id: string
  email: string
  name: string
  /** Photo URL; empty when the user has none and the console shows its default. */
  avatar: string
  rights: Right[]
  organization: Organization
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
}
