import { assign, object } from 'superstruct'
import { ForgotBody, LoginForm, newPasswordErrors, RegisterForm } from '../../contract/auth'
import { check, Password, Required } from '../../contract/validation'
import { errorsOf, type FormErrors } from '../../ui/use-form'
import { isValidDate, isValidTime } from './masks'

/**
 * The demo forms' rules, made of the console's own field rules: 'Required',
 * 'Invalid email' for an address without a 2 to 4 letter ending, 'Passwords dont match'.
 */

/** Sign-in: an address, and a password that is required only. */
export const signInErrors = (values: Record<string, unknown>): FormErrors => errorsOf(check(LoginForm, values))

/**
 * The console's register form, but with the password required only: the demo's rules ask for no
 * strength, only that the confirmation matches and the terms are ticked.
 */
const DemoRegister = assign(RegisterForm, object({ password: Password }))

export function registerErrors(values: Record<string, unknown>): FormErrors {
  const result = check(DemoRegister, values)
  return newPasswordErrors(values, result.ok ? {} : result.errors)
}

/** Reset: the account's address. */
export const resetErrors = (values: Record<string, unknown>): FormErrors => errorsOf(check(ForgotBody, values))

/** Lock: the password alone, required only. */
export const lockErrors = (values: Record<string, unknown>): FormErrors => errorsOf(check(object({ password: Password }), values))

/** The reset code's message: anything but nothing; whether it is the code is `codeMatches`. */
export const messageErrors = (values: Record<string, unknown>): FormErrors => errorsOf(check(object({ message: Required }), values))

/** The masked date and time: both required, each a real date or a 12-hour time. */
export function whenErrors(values: { date: string; time: string }): FormErrors {
  const errors: FormErrors = {}
  if (!values.date) errors.date = 'validation.required'
  else if (!isValidDate(values.date)) errors.date = 'demo-forms.when.badDate'
  if (!values.time) errors.time = 'validation.required'
  else if (!isValidTime(values.time)) errors.time = 'demo-forms.when.badTime'
  return errors
}
