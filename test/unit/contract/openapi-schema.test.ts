import { array, boolean, enums, literal, object, string, type } from 'superstruct'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { AccessKeyInput } from '../../../src/contract/access-keys'
import { AlertRuleInput } from '../../../src/contract/alerts'
import { DeviceInput, HeartbeatBody } from '../../../src/contract/devices'
import { defaulted, described, nullable, optional, size, union } from '../../../src/contract/json-schema'
import { Between, Note, OptionalText } from '../../../src/contract/record-fields'
import { UserInvite } from '../../../src/contract/users'
import { check, Email, NewPassword, Text } from '../../../src/contract/validation'
import { toJsonSchema } from '../../../src/server/openapi/schema'

test('the contract helpers carry their limits into JSON Schema', () => {
  assert.equal(toJsonSchema(Text(120)), { type: 'string', minLength: 1, maxLength: 120 })
  assert.equal(toJsonSchema(OptionalText(80)), { type: 'string', maxLength: 80 })
  assert.equal(toJsonSchema(Note(500)), { type: 'string', maxLength: 500 })
  assert.equal(toJsonSchema(Between(1, 65535, true)), { type: 'integer', minimum: 1, maximum: 65535 })
  assert.equal(toJsonSchema(Email), { type: 'string', minLength: 1, maxLength: 254, format: 'email' })
  assert.is(toJsonSchema(NewPassword).minLength, 8)
})

test('optional, nullable, defaulted, size, union, enums and literals are read back', () => {
  const struct = object({
    a: optional(string()),
    b: nullable(enums(['x', 'y'])),
    c: defaulted(boolean(), true),
    d: size(array(string()), 1, 3),
    e: union([literal(7), literal(30)]),
    f: nullable(union([literal(1), object({ g: string() })])),
  })
  assert.equal(toJsonSchema(struct), {
    type: 'object',
    properties: {
      a: { type: 'string' },
      b: { type: ['string', 'null'], enum: ['x', 'y', null] },
      c: { type: 'boolean', default: true },
      d: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
      e: { type: 'integer', enum: [7, 30] },
      f: { anyOf: [{ anyOf: [{ const: 1 }, { type: 'object', properties: { g: { type: 'string' } }, required: ['g'], additionalProperties: false }] }, { type: 'null' }] },
    },
    required: ['b', 'd', 'e', 'f'],
    additionalProperties: false,
  })
  assert.is(toJsonSchema(type({ a: string() })).additionalProperties, true)
})

test('the wrappers validate exactly as superstruct\'s own', () => {
  const struct = object({ n: size(array(string()), 1, 2), o: optional(nullable(string())), d: defaulted(string(), 'z'), u: union([literal(1), literal(2)]) })
  assert.equal(check(struct, { n: ['a'], u: 1 }), { ok: true, value: { n: ['a'], d: 'z', u: 1 } })
  assert.is(check(struct, { n: [], u: 1 }).ok, false)
  assert.is(check(struct, { n: ['a', 'b', 'c'], u: 1 }).ok, false)
  assert.is(check(struct, { n: ['a'], u: 3 }).ok, false)
  assert.is(check(struct, { n: ['a'], u: 1, o: null }).ok, true)
})

test('the contract\'s real bodies come out with their limits and required fields', () => {
  const device = toJsonSchema(DeviceInput)
  assert.equal([...(device.required as string[])].sort(), ['location', 'model', 'name', 'serial', 'tags'])
  assert.equal((device.properties as any).tags, { type: 'array', items: { type: 'string', minLength: 1, maxLength: 32, pattern: '^\\s*[\\p{L}\\p{N}][\\p{L}\\p{N} ._-]*\\s*$' }, minItems: 0, maxItems: 16 })
  assert.ok(new RegExp((device.properties as any).serial.pattern, 'u').test('KS-0007'))
  assert.not.ok(new RegExp((device.properties as any).serial.pattern, 'u').test('-bad'))
  const beat = toJsonSchema(HeartbeatBody) as any
  // Every reading of a heartbeat is optional: `{}` is a beat.
  assert.equal([beat.required ?? [], beat.properties.metrics.required ?? []], [[], []])
  assert.equal(beat.properties.metrics.properties.bytes_in, { type: 'integer', minimum: 0, maximum: 1e12 })
  assert.equal(beat.properties.os, { type: 'string', minLength: 1, maxLength: 80 })
  const key = toJsonSchema(AccessKeyInput) as any
  assert.equal(key.properties.expires_in_days, { type: ['integer', 'null'], enum: [7, 30, 90, 365, null] })
  assert.is(key.properties.scopes.minItems, 1)
  const rule = toJsonSchema(AlertRuleInput) as any
  assert.equal(rule.required, ['name', 'target', 'condition'])
  assert.is(rule.properties.language.default, 'en')
  assert.is((toJsonSchema(UserInvite) as any).properties.roles.maxItems, 100)
})

test('a described struct keeps what it refines', () => {
  const base = Text(10)
  assert.equal(toJsonSchema(described(base, { pattern: '^a' })), { type: 'string', minLength: 1, maxLength: 10, pattern: '^a' })
})

test.run()
