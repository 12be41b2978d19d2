import * as auth from '../api/auth'
import { setToken } from '../api/client'
import type { LoginBody, RegisterBody } from '../contract/auth'
import { dispatch } from './session'

// Signing in, registering and asking for a password reset: the pages before sign-in do these, so
// they travel with the public kit, not with every signed-in page. Each moves the session store
// (./session.ts) through its request, then its success or failure.

async function signInWith(flow: 'LOGIN' | 'LOGIN_WITH_EMAIL' | 'REGISTER_WITH_EMAIL', run: () => ReturnType<typeof auth.signIn>) {
  dispatch({ type: `${flow}_REQUEST` })
  const result = await run()
  if (result.ok && result.data?.user?.auth_key) {
    const { auth_key, ...user } = result.data.user
    setToken(auth_key)
    dispatch({ type: `${flow}_SUCCESS`, user })
    return true
  }
  dispatch({ type: `${flow}_FAILURE`, message: result.ok ? 'session.notFound' : result.message })
  return false
}

export const loginWithEmail = (body: LoginBody) => signInWith('LOGIN_WITH_EMAIL', () => auth.signIn(body))

export const registerWithEmail = (body: RegisterBody) =>
  signInWith('REGISTER_WITH_EMAIL', () => auth.register(body))

/** Completes a social sign-in whose provider flow ended in `exchange`. */
export const login = (exchange: () => ReturnType<typeof auth.signIn>) => signInWith('LOGIN', exchange)

export async function passwordForget(email: string): Promise<boolean> {
  dispatch({ type: 'PASSWORD_FORGET_REQUEST' })
  const result = await auth.forgotPassword({ email })
  dispatch(result.ok ? { type: 'PASSWORD_FORGET_SUCCESS' } : { type: 'PASSWORD_FORGET_FAILURE', message: result.message })
  return result.ok
}
