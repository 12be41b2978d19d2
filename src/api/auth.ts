import type { ForgotBody, LoginBody, RegisterBody, ResetBody } from '../contract/auth'
import { API } from '../contract/paths'
import type { SessionEndReason } from '../contract/session-end'
import type { AuthAnswer, User } from '../contract/user'
import { call, normalise, type Result } from './client'

export const signIn = (body: LoginBody) => call<AuthAnswer>('POST', API.login, { body })

export const register = (body: RegisterBody) => call<AuthAnswer>('POST', API.register, { body })

export const forgotPassword = (body: ForgotBody) => call<{ message: string }>('POST', API.forgot, { body })

export const resetPassword = (body: ResetBody) => call<{ message: string }>('POST', API.reset, { body })

export const signOut = () => call<{ message: string }>('POST', API.logout)

/** `GET /users/self` through the normaliser: the user, or null with a message (and a 401's reason). */
export async function currentUser(): Promise<{ status: number; user: User | null; message: string; reason?: SessionEndReason }> {
  const result: Result<User> = await call<User>('GET', API.self)
  const { user, message } = normalise<User>(
    result.ok ? { status: result.status, data: result.data } : { status: result.status, message: result.message },
  )
  return { status: result.status, user, message, ...(!result.ok && result.reason ? { reason: result.reason } : {}) }
}
