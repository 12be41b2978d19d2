import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MAX_FIELD_ERRORS } from '../../../src/contract/validation'
import { MAX_JSON_ITEMS } from '../../../src/server/http/body'
import { signIn, startTestServer, type TestServer } from '../_server'

let server: TestServer
let token: string

test.before(async () => {
  server = await startTestServer()
  token = await signIn(server)
})

test.after(async () => {
  await server.close()
})

const INVALID = 'Some fields are not valid'
type Answer = { message?: string; errors?: Record<string, string> }

test('the bodies the fuzz found (seeds 247601859 and 248204988) answer 400, not 500', async () => {
  const role = await server.post('/roles', '{"":{"toString":0}}', token)
  assert.is(role.status, 400)
  assert.is(((await role.json()) as Answer).message, INVALID)
  const exchange = await server.post('/auth/exchange', '[{"toString":""}]')
  assert.is(exchange.status, 400)
  assert.is(((await exchange.json()) as Answer).message, INVALID)
})

test('a value without text answers 400 naming its field, on anonymous and signed-in routes', async () => {
  const cases: [string, string, string | undefined, string][] = [
    ['/login/users/', '{"email":{"toString":0},"password":"x"}', undefined, 'email'],
    ['/register/', '{"name":[{"valueOf":0,"toString":0}],"email":"a@b.cc","password":"long-password-1"}', undefined, 'name'],
    ['/roles', '{"name":"Ops","rights":[{"toString":null}]}', token, 'rights.0'],
    ['/devices', '{"name":"d","serial":"S-1","tags":[{"toString":{}}]}', token, 'tags.0'],
    ['/users/', '{"email":"ada@example.com","roles":[{"id":{"toString":0}}]}', token, 'roles.0'],
  ]
  for (const [route, body, auth, field] of cases) {
    const res = await server.post(route, body, auth)
    assert.is(res.status, 400, `${route} ${body}`)
    const answer = (await res.json()) as Answer
    assert.ok(answer.errors && field in answer.errors, `${route} answers ${JSON.stringify(answer)}`)
  }
})

const unknownKeys = (count: number) => JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 0])))

test('an 869 KB body of 80,000 unknown keys answers a short 400 before it is validated', async () => {
  const body = unknownKeys(80_000)
  assert.ok(body.length > 860_000)
  const res = await server.post('/roles', body, token)
  assert.is(res.status, 400)
  assert.equal(await res.json(), { message: `The request body holds more than ${MAX_JSON_ITEMS} values` })
  const list = await server.post('/register/', `[${Array(MAX_JSON_ITEMS + 1).fill(0)}]`)
  assert.is(list.status, 400)
})

test(`unknown keys answer at most ${MAX_FIELD_ERRORS} field errors`, async () => {
  const res = await server.post('/roles', unknownKeys(MAX_JSON_ITEMS - 1), token)
  assert.is(res.status, 400)
  const text = await res.text()
  assert.is(Object.keys((JSON.parse(text) as Answer).errors ?? {}).length, MAX_FIELD_ERRORS)
  assert.ok(text.length < 5000, `answered ${text.length} bytes`)
})

test.run()
