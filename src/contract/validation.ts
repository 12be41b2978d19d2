import { coerce, refine, string, validate, type Struct } from 'superstruct'

/** A basic address with a 2 to 4 letter ending (SPEC.md section 5). */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i
export const PASSWORD_MIN = 8

/** The longest value each kind of field takes, in UTF-16 units; longer is refused before any work. */
export const LIMITS = {
  /** RFC 5321's longest usable path. */
  email: 254,
  name: 120,
  password: 256,
  /** One-time secrets: reset tokens, sign-in codes. */
  secret: 128,
  /** Any other required text. */
  text: 2000,
} as const

/**
 * Locale keys of the validation messages; the server answers them in English. `validation.*`
 * travel with the public pages, `fields.*` (the management screens' own) with the console,
 * `appIds.*` with the app ids screen.
 */
export type MessageKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.passwordsMatch'
  | 'validation.passwordLength'
  | 'validation.passwordCommon'
  | 'validation.passwordEmail'
  | 'validation.tooLong'
  | 'validation.characters'
  | 'fields.range'
  | 'fields.serial'
  | 'fields.tag'
  | 'fields.ip'
  | 'fields.device'
  | 'appIds.redirectUri'
  | 'appIds.redirectHttps'
  | 'appIds.redirectWildcard'
  | 'appIds.redirectFragment'
  | 'appIds.redirectCount'
  | 'appIds.scopesRequired'
  | 'billing.cardNumber'
  | 'billing.cardExpired'
  | 'billing.cvc'
  | 'validation.invalid'

export type FieldErrors = Record<string, MessageKey>

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors }

/** Half of a surrogate pair alone is no character: it encodes as U+FFFD, so two such strings can be equal. */
export const LONE_SURROGATE = /[\uD800-\uDFFF]/u
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/
/** Controls, bidi embeddings, overrides and isolates, zero-width characters and the BOM. */
export const INVISIBLE = /[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g

type Rule = (value: string) => true | MessageKey

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || value === false

/**
 * A required string of at most `max` units, made of whole characters, then `rules` in order. One
 * refinement, so a value that is too long is refused before a pattern ever runs on it.
 */
export const field = (name: string, max: number, ...rules: Rule[]) =>
  refine(string(), name, (value) => {
    if (value.trim().length === 0) return 'validation.required'
    if (value.length > max) return 'validation.tooLong'
    if (LONE_SURROGATE.test(value)) return 'validation.characters'
    for (const rule of rules) {
      const outcome = rule(value)
      if (outcome !== true) return outcome
    }
    return true
  })

/** A string that is present and not only spaces. */
export const Required = field('required', LIMITS.text)

/** One line of text a person reads, e.g. a name: controls and invisible characters are dropped. */
export const Text = (max: number) =>
  coerce(field('text', max), string(), (value) => value.replace(INVISIBLE, '').normalize('NFC').trim())

export const Email = field('email', LIMITS.email, (value) => EMAIL_PATTERN.test(value.trim()) || 'validation.email')

/** A password as typed at sign-in: required only (SPEC.md section 5), within bounds. */
export const Password = field('password', LIMITS.password, (value) => !CONTROL.test(value) || 'validation.characters')

export const NewPassword = field(
  'newPassword',
  LIMITS.password,
  (value) => !CONTROL.test(value) || 'validation.characters',
  (value) => [...value.normalize('NFKC')].length >= PASSWORD_MIN || 'validation.passwordLength',
)

/** A one-time secret from a link or a redirect. */
export const Secret = field('secret', LIMITS.secret, (value) => !CONTROL.test(value) || 'validation.characters')

/**
 * A new password must not be, or contain, the account's own address or its name part. The server
 * also refuses the most common passwords (the list is too big for the console's bundles).
 */
export function passwordEmailRule(password: string, email: string): true | MessageKey {
  const pass = password.normalize('NFKC').toLowerCase()
  const address = email.trim().toLowerCase()
  const local = address.split('@')[0] ?? ''
  if (address && pass.includes(address)) return 'validation.passwordEmail'
  if (local.length >= 3 && pass.replace(/[\d\W_]+$/u, '') === local) return 'validation.passwordEmail'
  return true
}

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
