import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { appIdRow, pick, trailOf as trailOf_ } from '../../fixtures'
import { secretsInDatabase } from '../_server'
import { call, expectStatus, joinOrganization, limitRights, register, startServer, type Tenant, type TestServer } from '../collections/_api'

type Rec = Record<string, any>

let server: TestServer
let me: Tenant

test.before(async () => {
  server = await startServer()
  me = await register(server, 'Apps')
})
test.after(() => server.close())

let made = 0
const createApp = (overrides: Rec = {}) => ({
  name: `Test app ${++made}`,
  redirect_uris: ['https://app.example.com/callback'],
  scopes: ['devices'],
  ...overrides,
})

/** The app id calls of one caller. */
const apps = (who: { token: string }) => ({
  list: (query: Record<string, string | number> = {}) => call(server, 'GET', `/app_ids/?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, who.token),
  get: (id: string) => call(server, 'GET', `/app_ids/${encodeURIComponent(id)}`, who.token),
  create: (body: unknown) => call(server, 'POST', '/app_ids/', who.token, body),
  update: (id: string, body: unknown) => call(server, 'PUT', `/app_ids/${encodeURIComponent(id)}`, who.token, body),
  remove: (id: string) => call(server, 'DELETE', `/app_ids/${encodeURIComponent(id)}`, who.token),
  rotate: (id: string) => call(server, 'POST', `/app_ids/${encodeURIComponent(id)}/rotate`, who.token),
})

const newApp = async (who: Tenant = me, overrides: Rec = {}) => expectStatus<Rec>(await apps(who).create(createApp(overrides)), 201, 'create app id')
const rowOf = (id: string): Promise<Rec | undefined> => appIdRow(server, id)
const trailOf = async (id: string): Promise<Rec[]> => pick(await trailOf_(server, id), ['action', 'actor_kind', 'actor_id', 'fields'])

test('creates an app id with a client id and a secret answered once, and reads it back without the secret', async () => {
  const created = await newApp(me, { name: 'Billing sync', redirect_uris: ['https://sync.example.com/cb', 'http://localhost:8080/cb'], scopes: ['devices', 'tunnels', 'devices'] })
  const { client_secret: secret, ...record } = created
  assert.match(record.client_id, /^app_[0-9a-f]{16}$/)
  assert.match(secret, /^[\w-]{43}$/)
  assert.equal(
    { ...record, id: '', client_id: '', created_at: '', updated_at: '' },
    { id: '', name: 'Billing sync', client_id: '', redirect_uris: ['https://sync.example.com/cb', 'http://localhost:8080/cb'], scopes: ['devices', 'tunnels'], rotated_at: null, created_at: '', updated_at: '', version: 1 },
  )
  const got = expectStatus(await apps(me).get(created.id), 200)
  assert.equal(got, record)
  assert.equal((await trailOf(created.id)).map((entry) => [entry.action, entry.actor_kind, entry.actor_id]), [['create', 'user', me.userId]])
})

test('never sends the secret again, and keeps only its hash in the database file', async () => {
  const created = await newApp(me, { name: 'Secretive' })
  const secret: string = created.client_secret
  const { client_secret: _, ...record } = created
  const answers = [
    await apps(me).list(),
    await apps(me).list({ q: 'Secretive' }),
    await apps(me).get(created.id),
    await apps(me).update(created.id, { ...record, name: 'Secretive 2' }),
  ]
  for (const answer of answers) {
    assert.is(answer.status, 200)
    assert.not.ok(answer.text.includes(secret), answer.text.slice(0, 120))
    assert.not.ok(answer.text.includes('secret'), answer.text.slice(0, 120))
  }
  const row = (await rowOf(created.id))!
  assert.match(row.secret_hash, /^[0-9a-f]{64}$/)
  assert.is.not(row.secret_hash, secret)
  assert.equal(await secretsInDatabase(server, [secret]), [])
})

test('lists, searches, sorts and pages the app ids of the organization', async () => {
  const owner = await register(server, 'Lister')
  const names = ['Alpha poller', 'Bravo exporter', 'Charlie poller']
  const made = []
  for (const name of names) made.push(await newApp(owner, { name }))
  const list = expectStatus<Rec[]>(await apps(owner).list({ sort: 'name', order: 'asc' }), 200)
  assert.equal(list.map((app) => app.name), names)
  const answer = await apps(owner).list({ q: 'poller', sort: 'name', order: 'desc' })
  assert.equal(answer.body.map((app: Rec) => app.name), ['Charlie poller', 'Alpha poller'])
  assert.is(answer.headers.get('X-Total-Count'), '2')
  const byClient = expectStatus<Rec[]>(await apps(owner).list({ q: made[1]!.client_id }), 200)
  assert.equal(byClient.map((app) => app.name), ['Bravo exporter'])
  const page = await apps(owner).list({ sort: 'name', order: 'asc', per_page: 5, page: 1 })
  assert.is(page.headers.get('X-Total-Count'), '3')
  const second = expectStatus<Rec[]>(await apps(owner).list({ sort: 'created_at', order: 'desc', per_page: 5, page: 2 }), 200)
  assert.equal(second, [])
  assert.is((await apps(owner).list({ sort: 'secret_hash' })).status, 400)
})

test('updates name, redirect URIs and scopes, and answers 409 with the current record to a stale version', async () => {
  const created = await newApp()
  const { client_secret: _, ...record } = created
  server.advance(1000)
  const sent = { ...record, name: 'Renamed', redirect_uris: ['https://new.example.com/cb'], scopes: ['tunnels'], client_id: 'app_forged' }
  const updated = expectStatus<Rec>(await apps(me).update(created.id, sent), 200)
  assert.equal(updated, { ...record, name: 'Renamed', redirect_uris: ['https://new.example.com/cb'], scopes: ['tunnels'], version: 2, updated_at: updated.updated_at })
  const stale = await apps(me).update(created.id, { ...record, name: 'Stale' })
  assert.is(stale.status, 409)
  assert.equal(stale.body.current, updated)
  assert.is((await rowOf(created.id))!.name, 'Renamed')
  assert.equal(JSON.parse((await trailOf(created.id))[1]!.fields), ['name', 'redirect_uris', 'scopes'])
})

test('deletes an app id for good', async () => {
  const created = await newApp()
  expectStatus(await apps(me).remove(created.id), 200)
  assert.is((await apps(me).get(created.id)).status, 404)
  assert.is(await rowOf(created.id), undefined)
  assert.is((await apps(me).remove(created.id)).status, 404)
})

test('rotates the secret: a new one answered once, version and rotated_at moved, in the trail', async () => {
  const created = await newApp()
  server.advance(1000)
  const rotated = expectStatus<Rec>(await apps(me).rotate(created.id), 200)
  assert.match(rotated.client_secret, /^[\w-]{43}$/)
  assert.is.not(rotated.client_secret, created.client_secret)
  assert.is(rotated.client_id, created.client_id)
  assert.is(rotated.version, 2)
  assert.ok(rotated.rotated_at && rotated.rotated_at > created.created_at)
  const got = expectStatus<Rec>(await apps(me).get(created.id), 200)
  assert.not.ok('client_secret' in got)
  assert.is(got.rotated_at, rotated.rotated_at)
  assert.equal((await trailOf(created.id)).map((entry) => entry.action), ['create', 'rotate'])
  // A rotation needs no version: it cannot overwrite anyone's edit.
  const again = expectStatus<Rec>(await apps(me).rotate(created.id), 200)
  assert.is(again.version, 3)
})

test('accepts https and loopback http redirect URIs, and refuses the rest line by line', async () => {
  const good = ['https://app.example.com/cb?x=1', 'http://localhost/cb', 'http://localhost:3000/cb', 'http://127.0.0.1:8080/cb', 'http://[::1]:9000/cb']
  expectStatus(await apps(me).create(createApp({ redirect_uris: good })), 201)
  expectStatus(await apps(me).create(createApp({ redirect_uris: [] })), 201)
  const refused: [string, string][] = [
    ['http://example.com/cb', 'Use https, or http only for localhost, 127.0.0.1 or [::1]'],
    ['http://localhost.example.com/cb', 'Use https, or http only for localhost, 127.0.0.1 or [::1]'],
    ['ftp://app.example.com/cb', 'Use https, or http only for localhost, 127.0.0.1 or [::1]'],
    ['https://*.example.com/cb', 'Wildcards (*) are not allowed'],
    ['https://app.example.com/*', 'Wildcards (*) are not allowed'],
    ['https://app.example.com/cb#done', 'Fragments (#) are not allowed'],
    ['/relative/cb', 'Enter an absolute URL, such as https://app.example.com/callback'],
    ['https://user:pass@app.example.com/cb', 'Enter an absolute URL, such as https://app.example.com/callback'],
    ['https://app.example.com/a b', 'Enter an absolute URL, such as https://app.example.com/callback'],
    [`https://app.example.com/${'a'.repeat(600)}`, 'Too long'],
  ]
  for (const [uri, text] of refused) {
    const answer = await apps(me).create(createApp({ redirect_uris: ['https://ok.example.com/cb', uri] }))
    assert.is(answer.status, 400, uri)
    assert.equal(answer.body.errors, { 'redirect_uris.1': text }, uri)
  }
  const many = Array.from({ length: 11 }, (_, n) => `https://app.example.com/cb${n}`)
  assert.equal((await apps(me).create(createApp({ redirect_uris: many }))).body.errors, { redirect_uris: 'At most 10 redirect URIs' })
  const created = await newApp()
  const { client_secret: _, ...record } = created
  const bad = await apps(me).update(created.id, { ...record, redirect_uris: ['http://example.com/cb'] })
  assert.is(bad.status, 400)
  assert.equal((await rowOf(created.id))!.version, 1)
})

test('refuses a missing name, no scope and an unknown scope with field errors', async () => {
  const answer = await apps(me).create({ name: ' ', redirect_uris: [], scopes: [] })
  assert.is(answer.status, 400)
  assert.equal(answer.body.errors, { name: 'Required', scopes: 'Choose at least one scope' })
  assert.equal((await apps(me).create(createApp({ scopes: ['root'] }))).body.errors, { 'scopes.0': 'Invalid value' })
})

test('takes an app id without redirect URIs, which the client credentials grant never uses; an update without them keeps those it has', async () => {
  const bare = expectStatus<Rec>(await apps(me).create({ name: 'Machine only', scopes: ['devices'] }), 201)
  assert.equal(bare.redirect_uris, [])
  const kept = expectStatus<Rec>(await apps(me).create(createApp({ name: 'Older app', redirect_uris: ['https://old.example.com/cb'] })), 201)
  const renamed = expectStatus<Rec>(await apps(me).update(kept.id, { name: 'Older app, renamed', scopes: kept.scopes, version: kept.version }), 200)
  assert.equal([renamed.name, renamed.redirect_uris], ['Older app, renamed', ['https://old.example.com/cb']])
})

test('refuses with 403 to give a scope the maker does not hold, and to anyone without the app_ids right', async () => {
  const limited = await register(server, 'Limited')
  await limitRights(server, limited.email, ['app_ids', 'devices'])
  const refused = await apps(limited).create(createApp({ scopes: ['devices', 'billing'] }))
  assert.equal([refused.status, refused.body.message], [403, 'You cannot give an app id a right you do not hold yourself'])
  const created = expectStatus<Rec>(await apps(limited).create(createApp({ scopes: ['devices'] })), 201)
  const { client_secret: _, ...record } = created
  assert.is((await apps(limited).update(created.id, { ...record, scopes: ['devices', 'tunnels'] })).status, 403)

  // Someone with more rights gave the app a scope; the limited user can still rename it.
  const ownerRow = (await appIdRow(server, created.id))!
  assert.is(ownerRow.scopes, '["devices"]')
  await limitRights(server, limited.email, ['app_ids', 'devices', 'tunnels'])
  const widened = expectStatus<Rec>(await apps(limited).update(created.id, { ...record, scopes: ['devices', 'tunnels'] }), 200)
  await limitRights(server, limited.email, ['app_ids', 'devices'])
  expectStatus(await apps(limited).update(created.id, { ...widened, name: 'Renamed by limited' }), 200)

  await limitRights(server, limited.email, ['devices'])
  const statuses = [
    (await apps(limited).list()).status,
    (await apps(limited).get(created.id)).status,
    (await apps(limited).create(createApp())).status,
    (await apps(limited).update(created.id, { ...widened, version: 3 })).status,
    (await apps(limited).remove(created.id)).status,
    (await apps(limited).rotate(created.id)).status,
  ]
  assert.equal(statuses, [403, 403, 403, 403, 403, 403])
  assert.is((await rowOf(created.id))!.name, 'Renamed by limited')
})

test('refuses with 403 to rotate, delete or strip an app id holding a scope the caller lacks, and changes nothing', async () => {
  const owner = await register(server, 'Owner of apps')
  const powerful = await newApp(owner, { name: 'Role admin app', scopes: ['devices', 'roles'] })
  const { client_secret: _, ...record } = powerful
  const attacker = await register(server, 'Holder of app_ids')
  await joinOrganization(server, attacker, owner.organizationId, ['app_ids', 'devices'])
  const before = await rowOf(powerful.id)
  const answers = [await apps(attacker).rotate(powerful.id), await apps(attacker).remove(powerful.id), await apps(attacker).update(powerful.id, { ...record, scopes: ['devices'] })]
  assert.equal(
    answers.map((answer) => [answer.status, answer.body.message]),
    Array(3).fill([403, 'You cannot act on an app id that holds a right you do not hold yourself']),
  )
  assert.not.ok(answers.some((answer) => answer.text.includes('client_secret')))
  assert.equal(await rowOf(powerful.id), before)
  assert.equal((await trailOf(powerful.id)).map((entry) => entry.action), ['create'])
  // Within their own rights they act as before.
  const own = await newApp(owner, { scopes: ['devices'] })
  expectStatus(await apps(attacker).rotate(own.id), 200)
  expectStatus(await apps(attacker).update(powerful.id, { ...record, name: 'Renamed, scopes kept' }), 200)
  expectStatus(await apps(attacker).remove(own.id), 200)
})

test("answers 404 to every verb on another organization's app id and changes nothing", async () => {
  const other = await register(server, 'Other')
  const theirs = await newApp(other, { name: 'Theirs' })
  const { client_secret: _, ...record } = theirs
  const before = await rowOf(theirs.id)
  const answers = [
    await apps(me).get(theirs.id),
    await apps(me).update(theirs.id, { ...record, name: 'Taken over' }),
    await apps(me).remove(theirs.id),
    await apps(me).rotate(theirs.id),
  ]
  assert.equal(answers.map((answer) => answer.status), [404, 404, 404, 404])
  for (const answer of answers) assert.not.ok(answer.text.includes('Theirs'))
  assert.equal(await rowOf(theirs.id), before)
  assert.not.ok(expectStatus<Rec[]>(await apps(me).list({ per_page: 100 }), 200).some((app) => app.id === theirs.id))
  assert.equal((await trailOf(theirs.id)).map((entry) => entry.action), ['create'])
})

test('answers 401 without a token and 404 to an unknown id', async () => {
  assert.is((await call(server, 'POST', '/app_ids/x/rotate')).status, 401)
  assert.is((await apps(me).rotate('no-such-app')).status, 404)
  assert.is((await apps(me).rotate('x'.repeat(65))).status, 404)
})

test.run()
