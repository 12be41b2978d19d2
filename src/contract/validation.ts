import { coerce, refine, string, type Context, type Failure, type Struct } from 'superstruct'
import { described } from './json-schema'

/** A basic address with a 2 to 4 letter ending. */
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
 * `appIds.*` with the app ids screen, `webhooks.*` with the webhooks screen.
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
  | 'webhooks.urlShape'
  | 'webhooks.urlHttps'
  | 'webhooks.urlPrivate'
  | 'webhooks.urlLinkLocal'
  | 'webhooks.urlOwnServer'
  | 'webhooks.urlNever'
  | 'webhooks.webhook'
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
  described(refine(string(), name, (value) => {
    if (value.trim().length === 0) return 'validation.required'
    if (value.length > max) return 'validation.tooLong'
    if (LONE_SURROGATE.test(value)) return 'validation.characters'
    for (const rule of rules) {
      const outcome = rule(value)
      if (outcome !== true) return outcome
    }
    return true
  }), { type: 'string', minLength: 1, maxLength: max })

/** A string that is present and not only spaces. */
export const Required = field('required', LIMITS.text)

/** One line of text a person reads, e.g. a name: controls and invisible characters are dropped. */
export const Text = (max: number) =>
  described(coerce(field('text', max), string(), (value) => value.replace(INVISIBLE, '').normalize('NFC').trim()), { type: 'string', minLength: 1, maxLength: max })

export const Email = described(field('email', LIMITS.email, (value) => EMAIL_PATTERN.test(value.trim()) || 'validation.email'), { format: 'email' })

/** A password as typed at sign-in: required only (no strength rule, so older passwords still sign in), within bounds. */
export const Password = field('password', LIMITS.password, (value) => !CONTROL.test(value) || 'validation.characters')

export const NewPassword = field(
  'newPassword',
  LIMITS.password,
  (value) => !CONTROL.test(value) || 'validation.characters',
  (value) => [...value.normalize('NFKC')].length >= PASSWORD_MIN || 'validation.passwordLength',
)
described(NewPassword, { minLength: PASSWORD_MIN, description: `At least ${PASSWORD_MIN} characters, not a common password nor the account's address.` })

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

/** At most this many fields are reported, and the search for failures stops there. */
export const MAX_FIELD_ERRORS = 50

type Found = Pick<Failure, 'path' | 'value' | 'refinement' | 'message'>
type Outcome = { valid: boolean; value: unknown }
/** What `run` uses of a struct; `never` takes in the `Never` that an object yields for an unknown key. */
type Walked = Pick<Struct<unknown, unknown>, 'coercer' | 'validator' | 'entries'> & { refiner: (value: never, context: Context) => Iterable<Failure> }

/**
 * `source`'s failures; a throw is this path's failure. Superstruct prints a failing value into its
 * message, and a JSON object whose `toString` holds no function has no text, so printing throws.
 */
function* guarded(source: () => Iterable<Found>, path: unknown[], value: unknown): Generator<Found, boolean> {
  let failed = false
  try {
    for (const failure of source()) {
      failed = true
      yield failure
    }
  } catch {
    yield { path, value, refinement: undefined, message: '' }
    return true
  }
  return failed
}

/**
 * Superstruct's `validate(value, struct, { coerce: true })`, one failure at a time so `check` can
 * stop early, with any throw made the failure of its path.
 */
function* run(value: unknown, struct: Walked, context: Context): Generator<Found, Outcome> {
  try {
    value = struct.coercer(value, context)
  } catch {
    yield { path: context.path, value, refinement: undefined, message: '' }
    return { valid: false, value }
  }
  let status: 'valid' | 'not_valid' | 'not_refined' = 'valid'
  if (yield* guarded(() => struct.validator(value, context), context.path, value)) status = 'not_valid'
  for (const [key, child, childStruct] of struct.entries(value, context)) {
    const path = key === undefined ? context.path : [...context.path, key]
    const branch = key === undefined ? context.branch : [...context.branch, child]
    const steps = run(child, childStruct, { path, branch })
    let step = steps.next()
    for (; !step.done; step = steps.next()) {
      status = step.value.refinement != null ? 'not_refined' : 'not_valid'
      yield step.value
    }
    if (!step.value.valid) continue
    if (key === undefined) value = step.value.value
    else if (value && typeof value === 'object' && (step.value.value !== undefined || key in value)) (value as Record<string | number, unknown>)[key] = step.value.value
  }
  if (status !== 'not_valid' && (yield* guarded(() => struct.refiner(value as never, context), context.path, value))) status = 'not_refined'
  return { valid: status === 'valid', value }
}

/**
 * Validates `value` and reports the first message of each failing field, at most
 * `MAX_FIELD_ERRORS` of them. Never throws, and never turns the value into text.
 */
export function check<T>(struct: Struct<T, unknown>, value: unknown): Checked<T> {
  const errors: FieldErrors = {}
  let count = 0
  const steps = run(value, struct, { path: [], branch: [value] })
  let step = steps.next()
  for (; !step.done && count < MAX_FIELD_ERRORS; step = steps.next()) {
    const failure = step.value
    const field = failure.path.join('.') || '_'
    // Own fields only, set as data: a body's key may be `toString` or `__proto__`.
    if (Object.prototype.hasOwnProperty.call(errors, field)) continue
    count++
    const key: MessageKey = failure.refinement
      ? (failure.message as MessageKey)
      : isBlank(failure.value)
        ? 'validation.required'
        : 'validation.invalid'
    Object.defineProperty(errors, field, { value: key, enumerable: true, writable: true, configurable: true })
  }
  if (step.done && step.value.valid) return { ok: true, value: step.value.value as T }
  return { ok: false, errors }
}
