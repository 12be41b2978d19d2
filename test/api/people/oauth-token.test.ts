import * as oauth from 'oauth4webapi'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { appIdRow, appTokensOf, everyAppToken, expireAccessKey, pick, setKeyRevoked, trailOf } from '../../fixtures'
import { APP_TOKEN_SECONDS } from '../../../src/contract/app-ids'
import { call, client, createDevice, createKey, expectStatus, limitRights, register, startServer, type Tenant, type TestServer } from '../collections/_api'
import { openEvents } from '../collections/_events'

type Rec = Record<string, any>

let server: TestServer
let as: oauth.AuthorizationServer
let owner: Tenant
let stranger: Tenant
let ownDevice: Rec
let strangerDevice: Rec

/** The test server speaks plain http on 127.0.0.1, which the library refuses unless told. */
const insecure = { [oauth.allowInsecureRequests]: true } as const

test.before(async () => {
  server = await startServer()
  as = { issuer: `${server.url}/api`, token_endpoint: `${server.url}/api/oauth/token` }
  owner = await register(server, 'Owner')
  stranger = await register(server, 'Stranger')
  ownDevice = expectStatus(await owner.create('devices', createDevice({ name: 'Own device' })), 201)
  strangerDevice = expectStatus(await stranger.create('devices', createDevice({ name: 'Stranger device' })), 201)
})
test.after(() => server.close())

let made = 0
/** An app id of `who`'s organization, with its secret. */
async function newApp(who: Tenant, scopes: string[] = ['devices']): Promise<Rec> {
  const body = { name: `Token app ${++made}`, redirect_uris: [], scopes }
  return expectStatus(await call(server, 'POST', '/app_ids/', who.token, body), 201, 'create app id')
}

type Auth = 'basic' | 'post'
const authOf = (how: Auth, secret: string) => (how === 'basic' ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret))

/** The client credentials grant, done by the library; resolves with its parsed answer. */
async function grant(app: Rec, how: Auth = 'basic', parameters: Record<string, string> = {}, secret: string = app.client_secret) {
  const clientMeta: oauth.Client = { client_id: app.client_id }
  const response = await oauth.clientCredentialsGrantRequest(as, clientMeta, authOf(how, secret), parameters, insecure)
  return oauth.processClientCredentialsResponse(as, clientMeta, response)
}

/** The OAuth error code (and HTTP status) of a grant the library saw refused. */
async function refusal(work: Promise<unknown>): Promise<{ error: string; status: number; challenge?: string }> {
  try {
    await work
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) return { error: error.error, status: error.status }
    if (error instanceof oauth.WWWAuthenticateChallengeError) {
      const body = (await error.response.json()) as Rec
      return { error: body.error, status: error.status, challenge: error.cause[0]?.scheme }
    }
    throw error
  }
  throw new Error('the grant was not refused')
}

/** A call to the API with the app's access token, through the library's resource request. */
async function use(token: string, method: string, route: string, body?: unknown) {
  const headers = new Headers(body === undefined ? {} : { 'content-type': 'application/json' })
  const response = await oauth.protectedResourceRequest(token, method, new URL(`${server.url}/api${route}`), headers, body === undefined ? null : JSON.stringify(body), insecure)
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined, headers: response.headers }
}

for (const how of ['basic', 'post'] as const) {
  test(`grants a short-lived Bearer token with client_secret_${how} that lists its organization's devices only`, async () => {
    const app = await newApp(owner, ['devices', 'tunnels'])
    const answer = await grant(app, how)
    assert.is(answer.token_type, 'bearer')
    assert.is(answer.expires_in, APP_TOKEN_SECONDS)
    assert.is(answer.scope, 'devices tunnels')
    assert.match(answer.access_token, /^eat_[\w-]{43}$/)
    const listed = await use(answer.access_token, 'GET', '/devices/?per_page=100')
    assert.is(listed.status, 200)
    const ids = (listed.body as Rec[]).map((device) => device.id)
    assert.ok(ids.includes(ownDevice.id))
    assert.not.ok(ids.includes(strangerDevice.id))
    const row = (await appTokensOf(server, app.id))[0]!
    assert.match(row.token_hash, /^[0-9a-f]{64}$/)
    assert.not.ok(JSON.stringify(await everyAppToken(server)).includes(answer.access_token.slice(4)))
  })
}

test('answers with no-store and the RFC 6749 fields only', async () => {
  const app = await newApp(owner)
  const response = await oauth.clientCredentialsGrantRequest(as, { client_id: app.client_id }, oauth.ClientSecretBasic(app.client_secret), {}, insecure)
  assert.is(response.status, 200)
  assert.is(response.headers.get('cache-control'), 'no-store')
  assert.is(response.headers.get('pragma'), 'no-cache')
  assert.equal(Object.keys((await response.json()) as Rec).sort(), ['access_token', 'expires_in', 'scope', 'token_type'])
})

test('narrows the token to the scopes asked for, and refuses a scope the app id lacks', async () => {
  const app = await newApp(owner, ['devices', 'tunnels'])
  const narrow = await grant(app, 'post', { scope: 'devices' })
  assert.is(narrow.scope, 'devices')
  assert.is((await use(narrow.access_token, 'GET', '/devices/')).status, 200)
  assert.is((await use(narrow.access_token, 'GET', '/tunnels/')).status, 403)
  assert.equal(await refusal(grant(app, 'basic', { scope: 'devices billing' })), { error: 'invalid_scope', status: 400 })
  assert.equal(await refusal(grant(app, 'post', { scope: 'root' })), { error: 'invalid_scope', status: 400 })
  assert.equal(await refusal(grant(app, 'post', { scope: '' })), { error: 'invalid_scope', status: 400 })
})

test('answers 403 on a collection outside the scopes and 404 on another organization\'s ids', async () => {
  const app = await newApp(owner, ['devices'])
  const { access_token: token } = await grant(app)
  for (const route of ['/tunnels/', '/access_keys/', '/app_ids/']) assert.is((await use(token, 'GET', route)).status, 403, route)
  const theirs = `/devices/${strangerDevice.id}`
  const statuses = [
    (await use(token, 'GET', theirs)).status,
    (await use(token, 'PUT', theirs, { ...strangerDevice, name: 'Taken over' })).status,
    (await use(token, 'DELETE', theirs)).status,
  ]
  assert.equal(statuses, [404, 404, 404])
  assert.is(expectStatus<Rec>(await stranger.get('devices', strangerDevice.id), 200).name, 'Stranger device')
})

test('writes as the app id: the trail names it', async () => {
  const app = await newApp(owner, ['devices'])
  const { access_token: token } = await grant(app)
  const created = await use(token, 'POST', '/devices/', createDevice({ name: 'Made by an app' }))
  assert.is(created.status, 201)
  const [entry] = pick(await trailOf(server, created.body.id), ['actor_kind', 'actor_id', 'actor_name', 'action'])
  assert.equal(entry, { actor_kind: 'app', actor_id: app.id, actor_name: app.name, action: 'create' })
})

test('lets a token do no more than the maker can do now', async () => {
  const maker = await register(server, 'Maker')
  const app = await newApp(maker, ['devices', 'tunnels'])
  const { access_token: token } = await grant(app)
  await limitRights(server, maker.email, ['app_ids', 'tunnels'])
  assert.is((await use(token, 'GET', '/devices/')).status, 403)
  assert.is((await use(token, 'GET', '/tunnels/')).status, 200)
  assert.equal(await refusal(grant(app, 'basic', { scope: 'devices' })), { error: 'invalid_scope', status: 400 })
  assert.is((await grant(app)).scope, 'tunnels')
})

test("a token loses a scope as soon as its app id does", async () => {
  const app = await newApp(owner, ['devices', 'tunnels'])
  const { access_token: token } = await grant(app)
  assert.is((await use(token, 'GET', '/tunnels/')).status, 200)
  const { client_secret: _, ...record } = app
  expectStatus(await call(server, 'PUT', `/app_ids/${app.id}`, owner.token, { ...record, scopes: ['devices'] }), 200)
  assert.is((await use(token, 'GET', '/tunnels/')).status, 403)
  assert.is((await use(token, 'GET', '/devices/')).status, 200)
})

test('an app id made by an app speaks for the same person, within the making token\'s scopes', async () => {
  const parent = await newApp(owner, ['app_ids', 'devices'])
  const { access_token: token } = await grant(parent)
  assert.is((await use(token, 'POST', '/app_ids/', { name: 'Child', redirect_uris: [], scopes: ['devices', 'tunnels'] })).status, 403)
  const made = await use(token, 'POST', '/app_ids/', { name: 'Child', redirect_uris: [], scopes: ['devices'] })
  assert.is(made.status, 201)
  assert.is((await appIdRow(server, made.body.id))!.created_by, owner.userId)
  const child = await grant(made.body, 'post')
  assert.is((await use(child.access_token, 'GET', '/devices/')).status, 200)
})

test('an app id cannot mint access keys that would outlive its token', async () => {
  const app = await newApp(owner, ['access_keys', 'devices'])
  const { access_token: token } = await grant(app)
  const answer = await use(token, 'POST', '/access_keys/', { name: 'From an app', scopes: ['devices'], expires_in_days: null })
  assert.is(answer.status, 403)
  assert.is((await use(token, 'GET', '/access_keys/')).status, 200)
})

/** An access key of `owner`, and an app id made with it. */
async function appMadeWithKey(scopes: string[], keyOverrides: Rec = {}) {
  const key = expectStatus<Rec>(await owner.create('access_keys', createKey({ scopes: ['app_ids', 'devices'], ...keyOverrides })), 201, 'issue key')
  const app = expectStatus<Rec>(await call(server, 'POST', '/app_ids/', key.secret, { name: `Key app ${++made}`, redirect_uris: [], scopes }), 201, 'app id made with a key')
  return { key, app }
}

test('an app id made with an access key ends with the key: no new token, its tokens and its own apps get 401', async () => {
  const { key, app } = await appMadeWithKey(['app_ids', 'devices'])
  const { access_token: token } = await grant(app)
  // An app made with that app's token hangs on the same key.
  const grandchild = (await use(token, 'POST', '/app_ids/', { name: 'Grandchild', redirect_uris: [], scopes: ['devices'] })).body as Rec
  const { access_token: grandToken } = await grant(grandchild)
  assert.equal(await Promise.all([use(token, 'GET', '/devices/'), use(grandToken, 'GET', '/devices/')]).then((all) => all.map((each) => each.status)), [200, 200])
  const events = await openEvents(server, token)
  expectStatus(await owner.remove('access_keys', key.id), 200)
  assert.ok(await events.waitForEnd(2000), 'the stream opened with the app token ends')
  assert.equal(await Promise.all([use(token, 'GET', '/devices/'), use(grandToken, 'GET', '/devices/')]).then((all) => all.map((each) => each.status)), [401, 401])
  for (const each of [app, grandchild]) {
    assert.equal(await refusal(grant(each, 'basic')), { error: 'invalid_client', status: 401, challenge: 'basic' })
    assert.equal(await refusal(grant(each, 'post')), { error: 'invalid_client', status: 400 })
  }
})

test("an app id made with a key gets no token, and its live tokens 401, once the key ends by any means", async () => {
  const { key, app } = await appMadeWithKey(['devices'])
  const { access_token: token } = await grant(app)
  await setKeyRevoked(server, key.id)
  assert.is((await use(token, 'GET', '/devices/')).status, 401)
  await setKeyRevoked(server, key.id, null)
  assert.is((await use(token, 'GET', '/devices/')).status, 200)
  await expireAccessKey(server, key.id)
  const answer = await raw('grant_type=client_credentials', { Authorization: basic(app.client_id, app.client_secret) })
  assert.equal([answer.status, ((await answer.json()) as Rec).message], [401, 'The access key that made this app id is revoked or has expired'])
})

test('after a rotation the old secret is refused and the old tokens get 401, the new secret works', async () => {
  const app = await newApp(owner)
  const { access_token: old } = await grant(app)
  const events = await openEvents(server, old)
  assert.is((await use(old, 'GET', '/devices/')).status, 200)
  const rotated = expectStatus<Rec>(await call(server, 'POST', `/app_ids/${app.id}/rotate`, owner.token), 200)
  assert.ok(await events.waitForEnd(2000), 'the stream opened with the old token ends')
  assert.is((await use(old, 'GET', '/devices/')).status, 401)
  assert.equal(await refusal(grant(app, 'basic')), { error: 'invalid_client', status: 401, challenge: 'basic' })
  assert.equal(await refusal(grant(app, 'post')), { error: 'invalid_client', status: 400 })
  const fresh = await grant(app, 'post', {}, rotated.client_secret)
  assert.is((await use(fresh.access_token, 'GET', '/devices/')).status, 200)
})

test('after a delete the credentials are refused and the tokens get 401', async () => {
  const app = await newApp(owner)
  const { access_token: token } = await grant(app)
  expectStatus(await call(server, 'DELETE', `/app_ids/${app.id}`, owner.token), 200)
  assert.is((await use(token, 'GET', '/devices/')).status, 401)
  assert.equal(await appTokensOf(server, app.id), [])
  assert.equal(await refusal(grant(app, 'basic')), { error: 'invalid_client', status: 401, challenge: 'basic' })
  assert.equal(await refusal(grant(app, 'post')), { error: 'invalid_client', status: 400 })
})

test('refuses a wrong secret, an unknown client and a grant type other than client_credentials', async () => {
  const app = await newApp(owner)
  assert.equal(await refusal(grant(app, 'basic', {}, `${app.client_secret}x`)), { error: 'invalid_client', status: 401, challenge: 'basic' })
  assert.equal(await refusal(grant({ ...app, client_id: 'app_0000000000000000' }, 'post')), { error: 'invalid_client', status: 400 })
  const clientMeta: oauth.Client = { client_id: app.client_id }
  for (const grantType of ['password', 'authorization_code', 'urn:ietf:params:oauth:grant-type:device_code']) {
    const response = await oauth.genericTokenEndpointRequest(as, clientMeta, oauth.ClientSecretBasic(app.client_secret), grantType, {}, insecure)
    assert.equal(await refusal(oauth.processGenericTokenEndpointResponse(as, clientMeta, response)), { error: 'unsupported_grant_type', status: 400 }, grantType)
  }
})

/** A hand-made token request, for what no well-behaved library sends. */
const raw = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body })
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`

test('answers invalid_request to a malformed request, and invalid_client without credentials', async () => {
  const app = await newApp(owner)
  const good = `grant_type=client_credentials&client_id=${app.client_id}&client_secret=${encodeURIComponent(app.client_secret)}`
  const cases: [Response, number, string][] = [
    [await raw(good, { 'Content-Type': 'application/json' }), 400, 'invalid_request'],
    [await raw(`${good}&scope=devices&scope=devices`), 400, 'invalid_request'],
    [await raw(good, { Authorization: basic(app.client_id, app.client_secret) }), 400, 'invalid_request'],
    [await raw(`client_id=${app.client_id}&client_secret=${encodeURIComponent(app.client_secret)}`), 400, 'invalid_request'],
    [await raw(`${good}&pad=${'x'.repeat(5000)}`), 400, 'invalid_request'],
    [await raw('grant_type=client_credentials'), 401, 'invalid_client'],
    [await raw('grant_type=client_credentials', { Authorization: 'Basic !!!' }), 401, 'invalid_client'],
  ]
  for (const [index, [response, status, error]] of cases.entries()) {
    const body = (await response.json()) as Rec
    assert.equal([response.status, body.error], [status, error], `case ${index}: ${JSON.stringify(body)}`)
    assert.type(body.error_description, 'string')
    assert.is(body.message, body.error_description)
  }
  assert.is((await raw('grant_type=client_credentials')).headers.get('www-authenticate')?.startsWith('Basic'), true)
  assert.is((await raw(good)).status, 200)
})

test('counts failed client authentications per address and answers 429 past the limit', async () => {
  const app = await newApp(owner)
  const from = { 'X-Forwarded-For': '203.0.113.77' }
  for (let attempt = 0; attempt < 20; attempt++) {
    assert.is((await raw(`grant_type=client_credentials&client_id=${app.client_id}&client_secret=wrong`, from)).status, 400)
  }
  const blocked = await raw(`grant_type=client_credentials&client_id=${app.client_id}&client_secret=${encodeURIComponent(app.client_secret)}`, from)
  assert.is(blocked.status, 429)
  assert.ok(Number(blocked.headers.get('retry-after')) > 0)
  assert.is(((await blocked.json()) as Rec).error, 'invalid_request')
  // Another address is not held back, and successes do not count.
  for (let attempt = 0; attempt < 25; attempt++) await grant(app, 'basic')
})

test('refuses an expired token with 401, and not a second before; the sweeper deletes it', async () => {
  const app = await newApp(owner)
  const { access_token: token } = await grant(app)
  server.advance(APP_TOKEN_SECONDS * 1000 - 1000)
  assert.is((await use(token, 'GET', '/devices/')).status, 200)
  server.advance(1000)
  assert.is((await use(token, 'GET', '/devices/')).status, 401)
  const fresh = await grant(app)
  assert.is((await use(fresh.access_token, 'GET', '/devices/')).status, 200)
  // The sweeper deletes the expired token's row and keeps the live one.
  await server.sweep()
  assert.equal((await appTokensOf(server, app.id)).length, 1)
})

test('a token is no session: it cannot sign out or read the signed-in user', async () => {
  const app = await newApp(owner)
  const { access_token: token } = await grant(app)
  assert.is((await use(token, 'GET', '/users/self')).status, 401)
  assert.is((await client(server, token).list('devices')).status, 200)
})

test.run()
