import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { admin, client, createDevice, createHeartbeat, createKey, expectStatus, startServer, type Client, type CollectionName, type TestServer } from './_api'

type Rec = Record<string, any>

let server: TestServer
let me: Client

test.before(async () => {
  // The seeded statuses hold still: no device goes offline while the lists are compared.
  server = await startServer({ offlineAfterS: 86_400 })
  me = await admin(server)
  // Three more keys beside the two seeded ones, a second apart, so sorting keys means something.
  for (const name of ['Zulu export', 'alpha backup', 'Mid agent']) {
    server.advance(1000)
    expectStatus(await me.create('access_keys', createKey({ name, expires_in_days: name === 'Mid agent' ? null : 90 })), 201)
  }
})
test.after(() => server.close())

/** Every row of a collection, in the order the server sorts by default. */
const all = async (name: CollectionName, query: Record<string, string | number> = {}) => {
  const answer = await me.list(name, { per_page: 100, ...query })
  return expectStatus<Rec[]>(answer, 200, `${name} list`)
}

/** SQLite's order: null first, then by value; ties by id, in the same direction. */
type Inventory = Extract<CollectionName, 'devices' | 'tunnels' | 'access_keys'>

const compare = (a: unknown, b: unknown) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : (a as string) < (b as string) ? -1 : 1)
const sortedBy = (rows: Rec[], field: string, order: 'asc' | 'desc') =>
  [...rows].sort((a, b) => (compare(a[field], b[field]) || compare(a.id, b.id)) * (order === 'asc' ? 1 : -1))

const SORTS: Record<Inventory, Record<string, string>> = {
  devices: { name: 'name', serial: 'serial', model: 'model', status: 'status', location: 'location', last_seen: 'last_seen', created_at: 'created_at' },
  tunnels: { name: 'name', protocol: 'protocol', local_port: 'local_port', device: 'device_name', status: 'status', created_at: 'created_at' },
  access_keys: { name: 'name', created_at: 'created_at', expires_at: 'expires_at', last_used_at: 'last_used_at' },
}
const SEARCHED: Record<Inventory, (row: Rec) => string[]> = {
  devices: (row) => [row.name, row.serial, row.model, row.location, row.ip, ...row.tags],
  tunnels: (row) => [row.name, row.public_endpoint, row.target_host, row.device_name],
  access_keys: (row) => [row.name, row.prefix],
}
const matches = (name: Inventory, q: string) => (row: Rec) => SEARCHED[name](row).some((text) => text.toLowerCase().includes(q.toLowerCase()))

test('lists the seeded fleet with its total in X-Total-Count', async () => {
  for (const [name, total] of [['devices', 40], ['tunnels', 14], ['access_keys', 5]] as const) {
    const answer = await me.list(name)
    const rows = expectStatus<Rec[]>(answer, 200)
    assert.is(answer.headers.get('X-Total-Count'), String(total), name)
    assert.is(rows.length, Math.min(total, 25), `${name}: 25 rows a page by default`)
    for (const row of rows) assert.ok(row.id && row.created_at && row.updated_at && Number.isInteger(row.version), `${name} row carries the base fields`)
  }
})

test('sorts devices by name and keys by newest first when no sort is given', async () => {
  const devices = await all('devices')
  assert.equal(devices.map((row) => row.id), sortedBy(devices, 'name', 'asc').map((row) => row.id))
  const keys = await all('access_keys')
  assert.equal(keys.map((row) => row.name).slice(0, 3), ['Mid agent', 'alpha backup', 'Zulu export'])
})

test('sorts every collection by each of its sort keys in both orders', async () => {
  for (const [name, sorts] of Object.entries(SORTS) as [Inventory, Record<string, string>][]) {
    const rows = await all(name)
    assert.ok(rows.length > 1, `${name}: rows to sort`)
    for (const [sort, field] of Object.entries(sorts)) {
      for (const order of ['asc', 'desc'] as const) {
        const got = await all(name, { sort, order })
        assert.equal(got.map((row) => row.id), sortedBy(rows, field, order).map((row) => row.id), `${name} by ${sort} ${order}`)
      }
    }
  }
})

test('finds rows by any searched field, ignoring case', async () => {
  const tunnels = await all('tunnels')
  const keys = await all('access_keys')
  const searches: [Inventory, string][] = [
    ['devices', 'BER'],
    ['devices', 'jetson'],
    ['devices', '10.20.'],
    ['devices', 'security'],
    ['devices', '-7'],
    ['tunnels', 'ssh'],
    ['tunnels', 'MUC-'],
    ['tunnels', tunnels[0]!.public_endpoint.slice(0, 12)],
    ['access_keys', 'EXPORT'],
    ['access_keys', keys[0]!.prefix],
  ]
  for (const [name, q] of searches) {
    const rows = await all(name)
    const expected = rows.filter(matches(name, q))
    assert.ok(expected.length > 0 && expected.length < rows.length, `${name} "${q}" is a real search`)
    const answer = await me.list(name, { q, per_page: 100 })
    assert.equal(expectStatus<Rec[]>(answer, 200).map((row) => row.id), expected.map((row) => row.id), `${name} "${q}"`)
    assert.is(answer.headers.get('X-Total-Count'), String(expected.length))
  }
})

test('the device search follows creates, renames, heartbeats and deletes (its trigram index kept up)', async () => {
  const found = async (q: string) => expectStatus<Rec[]>(await me.list('devices', { q }), 200).map((row) => row.id)
  const device = expectStatus<Rec>(await me.create('devices', createDevice({ name: 'Quokka gateway', location: 'Zanzibar pier' })), 201)
  assert.equal([await found('QUOKKA'), await found('zibar p')], [[device.id], [device.id]])
  const renamed = expectStatus<Rec>(await me.update('devices', device.id, { ...device, name: 'Wombat gateway' }), 200)
  assert.equal([await found('quokka'), await found('wombat'), await found('zanzibar')], [[], [device.id], [device.id]])
  const issued = expectStatus<Rec>(await me.create('access_keys', createKey({ scopes: ['heartbeat'] })), 201)
  expectStatus(await client(server, issued.secret).heartbeat(device.id, createHeartbeat({ ip: '203.0.113.77' })), 200)
  assert.equal([await found('203.0.113.77'), await found('wombat')], [[device.id], [device.id]], 'a heartbeat moves the address searched')
  expectStatus(await me.remove('devices', renamed.id), 200)
  assert.equal([await found('wombat'), await found('203.0.113.77')], [[], []])
})

test('takes % and _ in a search literally', async () => {
  for (const q of ['%', '_', 'ber%hq', 'b_r']) {
    const answer = await me.list('devices', { q })
    assert.equal([answer.status, answer.body, answer.headers.get('X-Total-Count')], [200, [], '0'], q)
  }
})

test('searches tags by their text, not by the JSON they are stored as', async () => {
  // No device has a quote, bracket or comma in any field a person sees.
  for (const q of ['"', '[', ',', 'kiosk","lobby']) {
    const answer = await me.list('devices', { q })
    assert.equal([answer.status, answer.headers.get('X-Total-Count')], [200, '0'], `q ${q}`)
  }
})

test('pages through a list: pages join to the whole list, each with the same total', async () => {
  for (const name of ['devices', 'tunnels', 'access_keys'] as const) {
    const whole = await all(name, { sort: 'created_at', order: 'desc' })
    const joined: Rec[] = []
    for (let page = 1; page <= Math.ceil(whole.length / 5) + 1; page++) {
      const answer = await me.list(name, { sort: 'created_at', order: 'desc', per_page: 5, page })
      const rows = expectStatus<Rec[]>(answer, 200)
      assert.is(answer.headers.get('X-Total-Count'), String(whole.length), `${name} page ${page}`)
      assert.ok(rows.length <= 5)
      joined.push(...rows)
    }
    assert.equal(joined.map((row) => row.id), whole.map((row) => row.id), name)
  }
  for (const perPage of [5, 10, 25, 50, 100]) {
    const answer = await me.list('devices', { per_page: perPage, page: 2 })
    assert.is(expectStatus<Rec[]>(answer, 200).length, Math.max(0, Math.min(perPage, 40 - perPage)), `per_page ${perPage}`)
  }
})

test('filters devices by status and model', async () => {
  const devices = await all('devices')
  let seen = 0
  for (const status of ['online', 'offline', 'error', 'provisioning']) {
    const expected = devices.filter((row) => row.status === status)
    assert.ok(expected.length > 0, `the fleet has ${status} devices`)
    const answer = await me.list('devices', { status, per_page: 100 })
    assert.equal(expectStatus<Rec[]>(answer, 200).map((row) => row.id), expected.map((row) => row.id), status)
    assert.is(answer.headers.get('X-Total-Count'), String(expected.length))
    seen += expected.length
  }
  assert.is(seen, 40)
  const jetsons = await all('devices', { model: 'Jetson Nano' })
  assert.equal(jetsons.map((row) => row.id), devices.filter((row) => row.model === 'Jetson Nano').map((row) => row.id))
  const combined = await me.list('devices', { status: 'online', q: 'ber', per_page: 5, page: 2 })
  const expected = devices.filter((row) => row.status === 'online' && matches('devices', 'ber')(row))
  assert.is(combined.headers.get('X-Total-Count'), String(expected.length))
  assert.equal(expectStatus<Rec[]>(combined, 200).map((row) => row.id), expected.slice(5, 10).map((row) => row.id))
})

test('filters tunnels by device and protocol', async () => {
  const tunnels = await all('tunnels')
  const deviceId = tunnels[3]!.device_id
  const answer = await me.list('tunnels', { device_id: deviceId })
  const expected = tunnels.filter((row) => row.device_id === deviceId)
  assert.equal(expectStatus<Rec[]>(answer, 200).map((row) => row.id), expected.map((row) => row.id))
  assert.is(answer.headers.get('X-Total-Count'), String(expected.length))
  const none = await me.list('tunnels', { device_id: 'no-such-device' })
  assert.equal([none.status, none.body, none.headers.get('X-Total-Count')], [200, [], '0'])
  const tcp = await all('tunnels', { protocol: 'tcp' })
  assert.ok(tcp.length > 0)
  assert.equal(tcp.map((row) => row.id), tunnels.filter((row) => row.protocol === 'tcp').map((row) => row.id))
})

test('takes a search of 200 characters', async () => {
  const answer = await me.list('devices', { q: 'x'.repeat(200) })
  assert.equal([answer.status, answer.body], [200, []])
})

const BAD: [string, Record<string, string>, RegExp][] = [
  ['per_page 7', { per_page: '7' }, /^Rows per page is one of 5, 10, 25, 50, 100$/],
  ['per_page abc', { per_page: 'abc' }, /^Rows per page is one of/],
  ['per_page 25.0', { per_page: '25.0' }, /^Rows per page is one of/],
  ['page 0', { page: '0' }, /^The page is a whole number from 1$/],
  ['page -1', { page: '-1' }, /^The page is a whole number from 1$/],
  ['page 1.5', { page: '1.5' }, /^The page is a whole number from 1$/],
  ['sort unknown', { sort: 'unknown' }, /^Cannot sort by "unknown"; sort by one of: /],
  ['sort by a hidden column', { sort: 'secret_hash' }, /^Cannot sort by "secret_hash"/],
  ['order sideways', { order: 'sideways' }, /^The order is asc or desc$/],
  ['q over 200 characters', { q: 'x'.repeat(201) }, /^The search is longer than 200 characters$/],
]

test('answers 400 with a message to bad list parameters', async () => {
  for (const name of ['devices', 'tunnels', 'access_keys'] as const) {
    const cases: typeof BAD = [
      ...BAD,
      ...(name === 'devices' ? ([['status bogus', { status: 'bogus' }, /^The filter status does not take this value$/]] as typeof BAD) : []),
      ...(name === 'tunnels' ? ([['protocol ftp', { protocol: 'ftp' }, /^The filter protocol does not take this value$/]] as typeof BAD) : []),
    ]
    for (const [what, query, text] of cases) {
      const answer = await me.list(name, query)
      assert.is(answer.status, 400, `${name} ${what}`)
      assert.match(String(answer.body?.message), text, `${name} ${what}`)
    }
  }
})

test.run()
