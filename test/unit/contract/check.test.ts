import fc from 'fast-check'
import { array, define, validate, type Struct } from 'superstruct'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { AccessKeyInput } from '../../../src/contract/access-keys'
import { AppIdInput } from '../../../src/contract/app-ids'
import { LoginBody, RegisterBody } from '../../../src/contract/auth'
import { PaymentMethodInput, PlanInput } from '../../../src/contract/billing'
import { DeviceInput, HeartbeatBody } from '../../../src/contract/devices'
import { RoleInput } from '../../../src/contract/roles'
import { ExchangeBody } from '../../../src/contract/social'
import { TunnelInput } from '../../../src/contract/tunnels'
import { UserInvite, UserUpdate } from '../../../src/contract/users'
import { check, MAX_FIELD_ERRORS } from '../../../src/contract/validation'

const SCHEMAS: Record<string, Struct<any, any>> = {
  AccessKeyInput,
  AppIdInput,
  LoginBody,
  RegisterBody,
  PaymentMethodInput,
  PlanInput,
  HeartbeatBody,
  DeviceInput,
  RoleInput,
  ExchangeBody,
  TunnelInput,
  UserInvite,
  UserUpdate,
}
/** Keys that, holding no function, leave an object with no text (`${value}` throws) or shadow a built-in. */
const HOSTILE_KEYS = ['toString', 'valueOf', 'toJSON', 'constructor', '__proto__', 'hasOwnProperty']
const HOSTILE_VALUES = ['0', '""', 'null', '{}', '[]', '{"toString":1}']
const PLACES = [(x: string) => x, (x: string) => `[${x}]`, (x: string) => `{"name":${x}}`, (x: string) => `{"":${x}}`]
const PLACES_DEEP = [(x: string) => `{"rights":[${x}]}`, (x: string) => `{"roles":[{"id":${x}}]}`, (x: string) => `{"tags":[[${x}]]}`]

test('the two bodies the fuzz found answer invalid input instead of throwing', () => {
  assert.equal(check(RoleInput, JSON.parse('{"":{"toString":0}}')).ok, false)
  const exchange = check(ExchangeBody, JSON.parse('[{"toString":""}]'))
  assert.is(exchange.ok ? undefined : exchange.errors._, 'validation.invalid')
})

test('an object with a hostile key at any depth is invalid input for every schema', () => {
  const bodies = HOSTILE_KEYS.flatMap((key) => HOSTILE_VALUES.map((value) => `{${JSON.stringify(key)}:${value}}`))
  const placed = bodies.flatMap((body) => [...PLACES, ...PLACES_DEEP].map((place) => place(body)))
  assert.ok(placed.length > 100)
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    for (const body of placed) {
      const result = check(schema, JSON.parse(body))
      assert.ok(!result.ok && Object.keys(result.errors).length > 0, `${name} ${body}`)
    }
  }
})

test('the field of a value without text is named', () => {
  assert.equal(check(LoginBody, JSON.parse('{"email":"ada@example.com","password":{"toString":0}}')), {
    ok: false,
    errors: { password: 'validation.invalid' },
  })
  assert.equal(check(RoleInput, JSON.parse('{"name":"Ops","rights":[{"toString":0}]}')), { ok: false, errors: { 'rights.0': 'validation.invalid' } })
})

test('reports at most the cap of fields for 80,000 unknown keys', () => {
  const body = Object.fromEntries(Array.from({ length: 80_000 }, (_, i) => [`k${i}`, i]))
  const result = check(LoginBody, { email: 'ada@example.com', password: 'x', ...body })
  assert.equal(result.ok ? 0 : Object.keys(result.errors).length, MAX_FIELD_ERRORS)
  assert.ok(JSON.stringify(result).length < 4000)
})

test('stops looking for failures at the cap', () => {
  let looked = 0
  const failing = define<unknown>('failing', () => (looked++, false))
  const result = check(array(failing), Array(80_000).fill(1))
  assert.equal(result.ok ? 0 : Object.keys(result.errors).length, MAX_FIELD_ERRORS)
  assert.ok(looked <= MAX_FIELD_ERRORS + 1, `looked at ${looked} values`)
})

test("agrees with superstruct's own validate on values that have text", () => {
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.record({ name: fc.string(), email: fc.emailAddress(), password: fc.string(), rights: fc.array(fc.constantFrom('devices', 'roles', 'x')) }, { requiredKeys: [] }),
    fc.record({ email: fc.emailAddress(), roles: fc.array(fc.oneof(fc.string(), fc.record({ id: fc.string() }))) }, { requiredKeys: [] }),
  )
  const schema = fc.constantFrom(...Object.keys(SCHEMAS))
  let compared = 0
  fc.assert(
    fc.property(schema, value, (name, input) => {
      const struct = SCHEMAS[name]!
      const [error, expected] = validate(structuredClone(input), struct, { coerce: true })
      const result = check(struct, structuredClone(input))
      compared++
      assert.is(result.ok, !error, name)
      if (result.ok) assert.equal(result.value, expected, name)
      else assert.ok(error!.failures().some((failure) => (failure.path.join('.') || '_') in result.errors), name)
    }),
    { seed: 1405, numRuns: 2000 },
  )
  assert.is(compared, 2000)
})

test.run()
