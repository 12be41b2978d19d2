import { refine, string, validate, type Struct } from 'superstruct'

/** A basic address with a 2 to 4 letter ending (SPEC.md section 5). */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i
export const PASSWORD_MIN = 8

/** Locale keys of the validation messages; the server answers them in English. */
export type MessageKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.passwordsMatch'
  | 'validation.passwordLength'
  | 'validation.tooLong'
  | 'validation.invalid'

export type FieldErrors = Record<string, MessageKey>

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors }

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || value === false

/** A string that is present and not only spaces. */
export const Required = refine(string(), 'required', (value) => value.trim().length > 0 || 'validation.required')

/** A required string of at most `max` characters. */
export const Text = (max: number) =>
  refine(Required, 'max', (value) => value.length <= max || 'validation.tooLong')

export const Email = refine(Required, 'email', (value) => EMAIL_PATTERN.test(value.trim()) || 'validation.email')

export const NewPassword = refine(Required, 'length', (value) => value.length >= PASSWORD_MIN || 'validation.passwordLength')

/** Validates `value` and reports the first message of each failing field. */
export function check<T>(struct: Struct<T, unknown>, value: unknown): Checked<T> {
  const [error, valid] = validate(value, struct, { coerce: true })
  if (!error) return { ok: true, value: valid as T }
  const errors: FieldErrors = {}
  for (const failure of error.failures()) {
    const field = failure.path.join('.') || '_'
    if (errors[field]) continue
    errors[field] = failure.refinement
      ? (failure.message as MessageKey)
      : isBlank(failure.value)
        ? 'validation.required'
        : 'validation.invalid'
  }
  return { ok: false, errors }
}
