import { boolean, literal, object, optional, type Infer } from 'superstruct'
import { check, Email, NewPassword, Required, Text, type FieldErrors } from './validation'

/** `POST /login/users/`: sign-in password is required only (SPEC.md section 5). */
export const LoginBody = object({ email: Email, password: Required })
export type LoginBody = Infer<typeof LoginBody>

/** The sign-in form also has "remember me", which stays in the console. */
export const LoginForm = object({ email: Email, password: Required, remember: optional(boolean()) })
export type LoginForm = Infer<typeof LoginForm>

/** `POST /register/`. */
export const RegisterBody = object({ name: Text(120), email: Email, password: NewPassword })
export type RegisterBody = Infer<typeof RegisterBody>

export const RegisterForm = object({
  name: Text(120),
  email: Email,
  password: NewPassword,
  passwordConfirm: Required,
  agree: literal(true),
})
export type RegisterForm = Infer<typeof RegisterForm>

/** `POST /password/forgot`: the answer is the same whether or not the address exists. */
export const ForgotBody = object({ email: Email })
export type ForgotBody = Infer<typeof ForgotBody>

/** `POST /password/reset` with the token from the e-mailed link. */
export const ResetBody = object({ token: Required, password: NewPassword })
export type ResetBody = Infer<typeof ResetBody>

export const ResetForm = object({ password: NewPassword, passwordConfirm: Required })
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

export function registerFormErrors(values: Record<string, unknown>): FieldErrors {
  const result = check(RegisterForm, values)
  return newPasswordErrors(values, result.ok ? {} : result.errors)
}

export function resetFormErrors(values: Record<string, unknown>): FieldErrors {
  const result = check(ResetForm, values)
  return newPasswordErrors(values, result.ok ? {} : result.errors)
}

