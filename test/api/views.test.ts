// Saved views of the lists: private or shared as saved, seen from a second member of the
// organization and from another organization, checked as their list checks its own question,
// versioned, audited, and read and written with the right of their list.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { admin, call, expectStatus, joinOrganization, register, startServer, type Tenant, type TestServer } from './collections/_api'

type Rec = Record<string, any>

let server: TestServer
let a: Tenant
let member: Tenant
let outsider: Tenant

const views = (who: Tenant, query: Record<string, string> = {}) => call(server, 'GET', `/views/?${new URLSearchParams(query)}`, who.token)
const listed = async (who: Tenant, query: Record<string, string> = {}) => expectStatus<Rec[]>(await views(who, query), 200).map((view) => view.name as string)
const save = (who: Tenant, body: Rec) => call(server, 'POST', '/views/', who.token, body)
const get = (who: Tenant, id: string) => call(server, 'GET', `/views/${id}`, who.token)
const put = (who: Tenant, id: string, body: Rec) => call(server, 'PUT', `/views/${id}`, who.token, body)
const remove = (who: Tenant, id: string) => call(server, 'DELETE', `/views/${id}`, who.token)

/** A view of offline kiosks with three columns; `overrides` change any field. */
const deviceView = (overrides: Rec = {}): Rec => ({
  name: 'Offline kiosks',
  collection: 'devices',
  query: { q: '', sort: 'name', order: 'asc', filters: { status: ['offline'], tag: ['kiosk'] } },
  columns: ['name', 'status', 'tags'],
  shared: false,
  pinned: false,
  ...overrides,
})

test.before(async () => {
  server = await startServer()
  a = await admin(server)
  member = await register(server, 'Second member')
  await joinOrganization(server, member, a.organizationId, ['devices'])
  outsider = await register(server, 'Other organization')
})

test.after(async () => {
  await server.close()
})

test('a view is private or shared as saved: a second member sees the shared one, another organization neither', async () => {
  const personal = expectStatus<Rec>(await save(a, deviceView({ name: 'My own kiosks' })), 201)
  const shared = expectStatus<Rec>(await save(a, deviceView({ name: 'Team kiosks', shared: true, pinned: true })), 201)
  assert.equal(personal.query, { q: '', sort: 'name', order: 'asc', filters: { status: ['offline'], tag: ['kiosk'] } })
  assert.equal(personal.columns, ['name', 'status', 'tags'])
  assert.is(personal.owner_id, a.userId)
  assert.is(personal.version, 1)
  assert.is(shared.pinned, true)

  assert.equal(await listed(a, { 'filter[collection]': 'devices' }), ['My own kiosks', 'Team kiosks'])
  assert.equal(await listed(member, { 'filter[collection]': 'devices' }), ['Team kiosks'], 'the member sees the shared view alone')
  assert.equal(await listed(member, { 'filter[pinned]': 'true' }), ['Team kiosks'])
  expectStatus(await get(member, shared.id), 200)
  expectStatus(await get(member, personal.id), 404, "another member's personal view")
  expectStatus(await put(member, personal.id, { ...personal, name: 'Taken' }), 404)
  expectStatus(await remove(member, personal.id), 404)

  // Another organization holds every right of its own, and none of these views.
  assert.equal(await listed(outsider), [])
  for (const view of [personal, shared]) {
    expectStatus(await get(outsider, view.id), 404, "another organization's view")
    expectStatus(await put(outsider, view.id, { ...view, name: 'Taken' }), 404)
    expectStatus(await remove(outsider, view.id), 404)
  }
  const kept = expectStatus<Rec>(await get(a, shared.id), 200)
  assert.is(kept.name, 'Team kiosks')
  assert.is(kept.version, 1, 'nothing changed it')
})

test('only its owner changes or deletes a shared view', async () => {
  const shared = expectStatus<Rec>(await save(a, deviceView({ name: 'Owner only', shared: true })), 201)
  expectStatus(await put(member, shared.id, { ...shared, name: 'Renamed by member' }), 403)
  expectStatus(await remove(member, shared.id), 403)
  const renamed = expectStatus<Rec>(await put(a, shared.id, { ...shared, name: 'Owner renamed', shared: false }), 200)
  assert.is(renamed.version, 2)
  expectStatus(await get(member, shared.id), 404, 'made personal again, the member no longer sees it')
  expectStatus(await remove(a, shared.id), 200)
  expectStatus(await get(a, shared.id), 404)
})

test('a view holding what its list refuses is 400 with the list\'s message', async () => {
  const cases: [string, Rec, string][] = [
    ['an unknown filter', deviceView({ query: { q: '', sort: 'name', order: 'asc', filters: { colour: ['red'] } } }), 'query'],
    ['a value the filter refuses', deviceView({ query: { q: '', sort: 'name', order: 'asc', filters: { status: ['melting'] } } }), 'query'],
    ['two bounds of one time', deviceView({ query: { q: '', sort: 'name', order: 'asc', filters: { last_seen_before: ['2026-01-01', '2026-02-01'] } } }), 'query'],
    ['an unknown sort', deviceView({ query: { q: '', sort: 'colour', order: 'asc', filters: {} } }), 'query'],
    ["another list's sort", deviceView({ query: { q: '', sort: 'email', order: 'asc', filters: {} } }), 'query'],
    ['an unknown column', deviceView({ columns: ['name', 'password'] }), 'columns'],
    ['a column twice', deviceView({ columns: ['name', 'name'] }), 'columns'],
    ['no column', deviceView({ columns: [] }), 'columns'],
    ['an unknown list', deviceView({ collection: 'roles' }), 'collection'],
    ['no name', deviceView({ name: '   ' }), 'name'],
  ]
  for (const [what, body, field] of cases) {
    const answer = await save(a, body)
    expectStatus(answer, 400, what)
    assert.type(answer.body.message, 'string', what)
    assert.ok(answer.body.errors?.[field], `${what} names the field ${field}: ${answer.text}`)
  }
  const unknown = await save(a, cases[0]![1])
  assert.match(unknown.body.message, /colour/)
  // The same refusal on an update: the view is left as it was.
  const view = expectStatus<Rec>(await save(a, deviceView({ name: 'Kept as saved' })), 201)
  expectStatus(await put(a, view.id, { ...view, query: { ...view.query, sort: 'colour' } }), 400)
  assert.equal(expectStatus<Rec>(await get(a, view.id), 200).query.sort, 'name')
  // A time is kept as the list keeps it, an instant.
  const timed = expectStatus<Rec>(await save(a, deviceView({ name: 'Seen lately', query: { q: '', sort: 'last_seen', order: 'desc', filters: { last_seen_after: ['2026-01-31'] } } })), 201)
  assert.equal(timed.query.filters, { last_seen_after: ['2026-01-31T00:00:00.000Z'] })
})

test('a stale version is 409 with the view as it is now', async () => {
  const view = expectStatus<Rec>(await save(a, deviceView({ name: 'Contested' })), 201)
  expectStatus(await put(a, view.id, { ...view, name: 'First edit' }), 200)
  const stale = await put(a, view.id, { ...view, name: 'Second edit' })
  expectStatus(stale, 409)
  assert.is(stale.body.current.name, 'First edit')
  assert.is(stale.body.current.version, 2)
})

test('a view is read and written with the right of its list', async () => {
  const keysOnly = await register(server, 'Keys only')
  await joinOrganization(server, keysOnly, a.organizationId, ['access_keys'])
  const nothing = await register(server, 'No list right')
  await joinOrganization(server, nothing, a.organizationId, ['billing'])

  expectStatus(await save(keysOnly, deviceView({ name: 'Not mine to keep' })), 403, 'a device view without devices')
  expectStatus(await views(nothing), 403, 'no right of any list')
  expectStatus(await save(nothing, deviceView()), 403)

  const deviceShared = expectStatus<Rec>(await save(a, deviceView({ name: 'Fleet for all', shared: true })), 201)
  expectStatus(await get(keysOnly, deviceShared.id), 404, 'a shared device view stays out of sight without devices')
  assert.equal(await listed(keysOnly), [])
  const keyView = expectStatus<Rec>(
    await save(keysOnly, { name: 'Revoked keys', collection: 'access_keys', query: { q: '', sort: 'created_at', order: 'desc', filters: { revoked: ['true'] } }, columns: ['name', 'status'], shared: true }),
    201,
  )
  assert.equal(await listed(keysOnly), ['Revoked keys'])
  expectStatus(await get(member, keyView.id), 404, 'a key view stays out of sight without access_keys')
})

test('each write of a view is in the trail under its list, with what changed', async () => {
  const view = expectStatus<Rec>(await save(a, deviceView({ name: 'Audited view' })), 201)
  expectStatus(await put(a, view.id, { ...view, name: 'Audited view renamed', pinned: true }), 200)
  expectStatus(await remove(a, view.id), 200)
  const entries = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=devices&record_id=${view.id}`, a.token), 200)
  assert.equal(
    entries.map((entry) => [entry.action, entry.record_name]),
    [
      ['delete_view', 'Audited view renamed'],
      ['update_view', 'Audited view renamed'],
      ['create_view', 'Audited view'],
    ],
  )
  const update = entries[1]!
  assert.equal(
    (update.changes as Rec[]).filter((change) => change.field === 'name' || change.field === 'pinned'),
    [
      { field: 'name', before: 'Audited view', after: 'Audited view renamed' },
      { field: 'pinned', before: false, after: true },
    ],
  )
  assert.equal(expectStatus<Rec[]>(await call(server, 'GET', `/audit/?record_id=${view.id}`, outsider.token), 200), [], 'not in another organization\'s trail')
})

test("an app id's token acts for an app, not a person: it saves no view (403 saying why), and reads shared ones", async () => {
  const app = expectStatus<Rec>(await call(server, 'POST', '/app_ids/', a.token, { name: 'View reader', redirect_uris: [], scopes: ['devices'] }), 201)
  const grant = await fetch(`${server.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: app.client_id, client_secret: app.client_secret }),
  })
  const { access_token: token } = (await grant.json()) as { access_token: string }
  const asApp = { ...a, token }
  const refused = await save(asApp, deviceView({ name: 'Saved by an app' }))
  assert.equal([refused.status, refused.body.message], [403, 'Saved views belong to a person: an app id cannot save one'])
  const shared = expectStatus<Rec>(await save(a, deviceView({ name: 'Shared for apps', shared: true })), 201)
  assert.ok((await listed(asApp)).includes('Shared for apps'))
  expectStatus(await put(asApp, shared.id, { ...shared, name: 'Renamed by an app' }), 403)
  expectStatus(await remove(a, shared.id), 200)
})

test("a personal view's entries are its owner's alone: not in another member's trail, list or export", async () => {
  const secret = deviceView({ name: 'Layoffs shortlist', query: { q: 'ceo-laptop', sort: 'name', order: 'asc', filters: { tag: ['board'] } } })
  const mine = expectStatus<Rec>(await save(member, secret), 201)
  expectStatus(await put(member, mine.id, { ...mine, name: 'Layoffs shortlist 2' }), 200)
  const gone = expectStatus<Rec>(await save(member, { ...secret, name: 'Layoffs, deleted' }), 201)
  expectStatus(await remove(member, gone.id), 200)
  const team = expectStatus<Rec>(await save(member, deviceView({ name: 'Team board', shared: true })), 201)
  const adminsOwn = expectStatus<Rec>(await save(a, deviceView({ name: 'Admin private plan', query: { q: 'admin-only', sort: 'name', order: 'asc', filters: {} } })), 201)

  const trail = async (who: Tenant) => expectStatus<Rec[]>(await call(server, 'GET', '/audit/?collection=devices&per_page=100', who.token), 200)
  const exported = async (who: Tenant) => {
    const answer = await call(server, 'GET', '/audit/export?format=jsonl', who.token)
    assert.is(answer.status, 200)
    return answer.text.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Rec)
  }
  const views = (entries: Rec[]) => entries.filter((entry) => String(entry.action).endsWith('_view')).map((entry) => `${entry.action} ${entry.record_name}`)
  const leaks = (text: string) => ['Layoffs', 'ceo-laptop'].filter((word) => text.includes(word))

  // The administrator holds every right, and still sees nobody else's personal view.
  for (const entries of [await trail(a), await exported(a)]) {
    assert.ok(views(entries).includes('create_view Team board'), 'a shared view is everyone\'s')
    assert.ok(views(entries).includes('create_view Admin private plan'), 'its owner sees their own')
    assert.equal(leaks(JSON.stringify(entries.filter((entry) => String(entry.action).endsWith('_view')))), [], 'no trace of the member\'s personal views')
  }
  const recordTrail = expectStatus<Rec[]>(await call(server, 'GET', `/audit/?collection=devices&record_id=${mine.id}`, a.token), 200)
  assert.equal(recordTrail, [], 'not even asked for by its id')
  assert.is((await call(server, 'GET', `/audit/?record_id=${mine.id}`, a.token)).headers.get('X-Total-Count'), '0', 'nor counted')

  // The member sees their own, the deleted one included, and not the administrator's personal one.
  for (const entries of [await trail(member), await exported(member)]) {
    const seen = views(entries)
    for (const entry of ['create_view Layoffs shortlist', 'update_view Layoffs shortlist 2', 'create_view Layoffs, deleted', 'delete_view Layoffs, deleted', 'create_view Team board']) {
      assert.ok(seen.includes(entry), entry)
    }
    assert.not.ok(seen.some((entry) => entry.includes('Admin private plan')), 'another member\'s personal view')
    assert.not.ok(JSON.stringify(entries).includes('admin-only'))
  }
  expectStatus(await remove(a, adminsOwn.id), 200)
  expectStatus(await remove(member, team.id), 200)
})

test.run()
