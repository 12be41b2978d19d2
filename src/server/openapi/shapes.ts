import type { Struct } from 'superstruct'
import { KEY_SCOPES } from '../../contract/access-keys'
import { ALERT_CONDITIONS } from '../../contract/alerts'
import { DEVICE_STATUSES } from '../../contract/devices'
import type { JsonSchema } from '../../contract/json-schema'
import { RIGHTS } from '../../contract/rights'
import { SESSION_END_REASONS } from '../../contract/session-end'
import { CARD_BRANDS, INVOICE_STATUSES, PLAN_NAMES } from '../../contract/billing'
import { MEMBER_STATUSES } from '../../contract/users'
import { toJsonSchema } from './schema'

// The answers' shapes. A body a client sends is its contract struct (`schema.ts` reads it); what
// the server answers is typed in the contract as TypeScript interfaces, so each is written once
// here, from the struct of its input where there is one, and every API test checks the server's
// real answers against it (`test/api/_openapi.ts`), so it cannot drift from them.

export const str: JsonSchema = { type: 'string' }
export const int: JsonSchema = { type: 'integer' }
export const num: JsonSchema = { type: 'number' }
export const bool: JsonSchema = { type: 'boolean' }
export const time: JsonSchema = { type: 'string', format: 'date-time' }
export const orNull = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] })
export const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items })
export const oneOf = (values: readonly (string | number)[]): JsonSchema => ({ type: typeof values[0] === 'number' ? 'integer' : 'string', enum: [...values] })

/**
 * An object whose keys are all present, unknown keys refused; a key ending in `?` may be missing.
 * `open` takes keys beyond these (a record sent back whole).
 */
export function obj(fields: Record<string, JsonSchema>, open = false): JsonSchema {
  const entries = Object.entries(fields).map(([key, schema]) => [key.replace(/\?$/, ''), schema, key.endsWith('?')] as const)
  return {
    type: 'object',
    properties: Object.fromEntries(entries.map(([key, schema]) => [key, schema])),
    required: entries.filter(([, , optional]) => !optional).map(([key]) => key),
    additionalProperties: open,
  }
}

/** The struct's fields as a record answers them: present, with limits, without defaults. */
function fieldsOf(input: Struct<any, any>): Record<string, JsonSchema> {
  const schema = toJsonSchema(input)
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  return Object.fromEntries(Object.entries(properties).map(([key, field]) => [key, Object.fromEntries(Object.entries(field).filter(([name]) => name !== 'default'))]))
}

const base = { id: str, created_at: time, updated_at: time, version: int }

/** A collection record: what every record carries, the fields of its input struct, and its own. */
export const record = (input: Struct<any, any> | undefined, own: Record<string, JsonSchema>): JsonSchema =>
  obj({ ...base, ...(input ? fieldsOf(input) : {}), ...own })

/** A `PUT` body: the input's fields and `version`; the rest of a record sent back is ignored. */
export function updateBody(input: Struct<any, any>): JsonSchema {
  const schema = toJsonSchema(input)
  return {
    ...schema,
    properties: { ...(schema.properties as object), version: { type: 'integer', description: 'The version read; another is 409.' } },
    required: [...((schema.required as string[]) ?? []), 'version'],
    additionalProperties: true,
  }
}

const organization = obj({ id: str, name: str })
const user = obj({
  id: str,
  email: str,
  name: str,
  avatar: str,
  presence: str,
  rights: list(oneOf(RIGHTS)),
  organization,
  organizations: list(organization),
})

/** Shapes every part of the description shares, by name (`#/components/schemas/<name>`). */
export const SHARED: Record<string, JsonSchema> = {
  Error: obj({
    message: { type: 'string', description: 'What went wrong, in English.' },
    'errors?': { type: 'object', additionalProperties: str, description: 'Field -> message key, for each field refused.' },
    'rights?': { ...list(oneOf(RIGHTS)), description: 'A 403 for a missing right: the rights any one of which would have done.' },
    'reason?': { ...oneOf(SESSION_END_REASONS), description: 'A 401 for a session the server still knows: why it stopped working.' },
  }),
  User: user,
  SignedIn: obj({ user: { ...user, properties: { ...(user.properties as object), auth_key: str }, required: [...(user.required as string[]), 'auth_key'] }, message: str }),
  Message: obj({ message: str }),
  Right: oneOf(RIGHTS),
  KeyScope: oneOf(KEY_SCOPES),
  DeviceStatus: oneOf(DEVICE_STATUSES),
  MemberStatus: oneOf(MEMBER_STATUSES),
  PlanName: oneOf(PLAN_NAMES),
  CardBrand: oneOf(CARD_BRANDS),
  InvoiceStatus: oneOf(INVOICE_STATUSES),
  AlertCondition: oneOf(ALERT_CONDITIONS),
}

/** A reference to a shared shape. */
export const ref = (name: keyof typeof SHARED | string): JsonSchema => ({ $ref: `#/components/schemas/${name}` })
