import { boolean, literal, object, type Infer } from 'superstruct'
import { optional } from './json-schema'
import { check, Email, LIMITS, NewPassword, Password, passwordEmailRule, Secret, Text, type FieldErrors } from './validation'

/**
 * `POST /login/users/`: the password is required only, with no strength rule. `remember` unticked
 * gives a short session.
 */
export const LoginBody = object({ email: Email, password: Password, remember: optional(boolean()) })
export type LoginBody = Infer<typeof LoginBody>

export const LoginForm = LoginBody
export type LoginForm = Infer<typeof LoginForm>

/** `POST /register/`. */
export const RegisterBody = object({ name: Text(LIMITS.name), email: Email, password: NewPassword })
export type RegisterBody = Infer<typeof RegisterBody>

export const RegisterForm = object({
  name: Text(LIMITS.name),
  email: Email,
  password: NewPassword,
  passwordConfirm: Password,
  agree: literal(true),
})
export type RegisterForm = Infer<typeof RegisterForm>

/** `POST /password/forgot`: the answer is the same whether or not the address exists. */
export const ForgotBody = object({ email: Email })
export type ForgotBody = Infer<typeof ForgotBody>

/** `POST /password/reset` with the token from the e-mailed link. */
export const ResetBody = object({ token: Secret, password: NewPassword })
export type ResetBody = Infer<typeof ResetBody>

export const ResetForm = object({ password: NewPassword, passwordConfirm: Password })
export type ResetForm = Infer<typeof ResetForm>

/** Field errors of a form with a password confirmation, the match rule included. */
export function newPasswordErrors(
  values: { password?: unknown; passwordConfirm?: unknown },
  errors: FieldErrors,
): FieldErrors {
  if (!errors.passwordConfirm && values.passwordConfirm !== values.password) {
    return { ...errors, passwordConfirm: 'validation.passwordsMatch' }
  }
  return errors
}

/** The password's own errors, then whether it is the account's address. */
export function passwordOfEmailErrors(values: { password?: unknown; email?: unknown }, errors: FieldErrors): FieldErrors {
  if (errors.password || typeof values.password !== 'string' || typeof values.email !== 'string') return errors
  const outcome = passwordEmailRule(values.password, values.email)
  return outcome === true ? errors : { ...errors, password: outcome }
}

export function registerFormErrors(values: Record<string, unknown>): FieldErrors {
  const result = check(RegisterForm, values)
  return newPasswordErrors(values, passwordOfEmailErrors(values, result.ok ? {} : result.errors))
}

export function resetFormErrors(values: Record<string, unknown>): FieldErrors {
  const result = check(ResetForm, values)
  return newPasswordErrors(values, result.ok ? {} : result.errors)
}

