import http from 'node:http'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { accessKeyRow, deleteDevice, insertDevices } from '../../fixtures'
import { EXPORT_BATCH } from '../../../src/server/collections/export'
import { call, createKey, expectStatus, limitRights, register, startServer, type Tenant, type TestServer } from './_api'

type Rec = Record<string, any>

let server: TestServer
let big: Tenant
let me: Tenant
let other: Tenant

const BIG = 20_000
const AT = '2026-10-01T00:00:00.000Z'
/** A long firmware text (no search reads it), so the export (some 8 MB) outgrows what the connection's buffers hold. */
const FIRMWARE = `3.1.0 build ${'0123456789abcdef'.repeat(20)}`

/** RFC 4180 read back: rows of cells, quotes and line breaks inside quoted cells kept. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), i++
      else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') row.push(cell), (cell = '')
    else if (char === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++
    else cell += char
  }
  assert.is(cell + row.join(''), '', 'the file ends with a line break')
  return rows
}

/** The export as records: the header names the cells of each line. */
const csvRecords = (text: string) => {
  const [header, ...rows] = parseCsv(text)
  return rows.map((cells) => Object.fromEntries(header!.map((name, n) => [name, cells[n]])))
}

const exportOf = (who: Tenant, name: string, query: [string, string][] = []) => call(server, 'GET', `/${name}/export?${new URLSearchParams(query)}`, who.token)

test.before(async () => {
  server = await startServer({ offlineAfterS: 10 * 365 * 86_400 })
  big = await register(server, 'Large fleet')
  me = await register(server, 'Exporter')
  other = await register(server, 'Elsewhere')
  // 20,000 devices in one statement: every other one tagged edge, every third online.
  await insertDevices(
    server,
    big.organizationId,
    Array.from({ length: BIG }, (_, index) => {
      const i = index + 1
      const tags = i % 2 === 0 ? ['edge'] : []
      return { id: `bulk-${i}`, name: `Bulk ${i}`, serial: `BULK-${i}`, status: i % 3 === 0 ? 'online' : 'offline', firmware: FIRMWARE, location: 'Rack 7', tags, lastSeen: AT, createdAt: AT }
    }),
  )
})
test.after(() => server.close())

/**
 * `GET` an export over a plain connection that stops reading after the first bytes: `whilePaused`
 * runs then, before the rest is read. Returns when the first bytes came, and all of it.
 */
function readPaused(path: string, token: string, whilePaused: () => Promise<void>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; firstAt: number; total: number; chunks: number }>((resolve, reject) => {
    const started = performance.now()
    const req = http.get(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = []
      let firstAt = 0
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        if (chunks.length > 1) return
        firstAt = performance.now() - started
        res.pause()
        whilePaused().then(() => res.resume(), reject)
      })
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), firstAt, total: performance.now() - started, chunks: chunks.length }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

test('an export of 20,000 devices streams: its first bytes come before the last row is read', async () => {
  const answer = await readPaused('/devices/export?format=csv&sort=name', big.token, async () => {
    // The client reads nothing for a while: a server that reads every row before it sends would be
    // done by then. Then a device is written that sorts after every other: only an export still
    // reading the database in batches as the client takes them meets it.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await insertDevices(server, big.organizationId, [{ id: 'late-one', name: 'Zz written while exporting', serial: 'LATE-1', status: 'online', createdAt: AT }])
  })
  assert.is(answer.status, 200)
  assert.match(answer.headers['content-type'] ?? '', /^text\/csv/)
  assert.match(answer.headers['content-disposition'] ?? '', /^attachment; filename="devices-\d{4}-\d{2}-\d{2}\.csv"$/)
  const records = csvRecords(answer.text)
  assert.ok(answer.chunks > 10, `arrived in many pieces (${answer.chunks}), the first after ${answer.firstAt.toFixed(0)} ms of ${answer.total.toFixed(0)} ms`)
  assert.is(records.at(-1)!.name, 'Zz written while exporting', 'the device written after the first bytes is in the export')
  assert.is(records.length, BIG + 1)
  assert.is(new Set(records.map((record) => record.id)).size, records.length, 'no row twice')
  const names = records.map((record) => record.name)
  assert.equal(names, [...names].sort(), 'in the order of the sort')
  await deleteDevice(server, 'late-one')
})

/** Runs `work` while counting the event loop's turns (one `setImmediate` callback a turn). */
async function countingTurns<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0
  let done = false
  const tick = () => {
    turns++
    if (!done) setImmediate(tick)
  }
  setImmediate(tick)
  try {
    return { result: await work(), turns }
  } finally {
    done = true
  }
}

test('the event loop gets a turn between every batch an export reads, so no export holds the process', async () => {
  // In-process, no connection: nothing but the export's own reading stands between two turns.
  const { result, turns } = await countingTurns(async () => {
    const response = await server.app.request('/api/devices/export?format=jsonl', { headers: { authorization: `Bearer ${big.token}` } })
    return { status: response.status, lines: (await response.text()).split('\n').length - 1 }
  })
  assert.is(result.status, 200)
  assert.is(result.lines, BIG)
  const batches = BIG / EXPORT_BATCH
  assert.ok(turns >= batches, `${turns} turns of the event loop during ${batches} batches`)
})

/** An export held open: the answer's head and first bytes came, then nothing more is read until `finish()` or `abort()`. */
function holdExport(path: string, token: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; finish(): Promise<void>; abort(): void }>((resolve, reject) => {
    const req = http.get(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      const ended = new Promise<void>((done) => res.on('end', done).on('close', done))
      const answer = (body: string) => ({ status: res.statusCode ?? 0, headers: res.headers, body, finish: async () => void (res.resume(), await ended), abort: () => req.destroy() })
      if (res.statusCode !== 200) {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(answer(Buffer.concat(chunks).toString('utf8'))))
        return
      }
      res.once('data', () => {
        res.pause()
        resolve(answer(''))
      })
    })
    req.on('error', reject)
  })
}

test('a caller runs at most two exports at once: the third is refused with 429 and Retry-After, others go on', async () => {
  const first = await holdExport('/devices/export', big.token)
  const second = await holdExport('/devices/export?format=jsonl', big.token)
  assert.equal([first.status, second.status], [200, 200])
  const third = await holdExport('/devices/export', big.token)
  assert.is(third.status, 429)
  assert.match(JSON.parse(third.body).message, /2 exports/)
  assert.ok(Number(third.headers['retry-after']) > 0, 'says when to try again')
  // Another organization, and another caller of the same one, are not held back.
  const elsewhere = await holdExport('/devices/export', other.token)
  assert.is(elsewhere.status, 200)
  await elsewhere.finish()
  await first.finish()
  const again = await holdExport('/devices/export', big.token)
  assert.is(again.status, 200, 'a finished export gives its place back')
  await Promise.all([second.finish(), again.finish()])
})

test('an organization runs at most four exports at once, whichever keys ask; a client that goes away frees its place', async () => {
  const keys: string[] = []
  for (let n = 0; n < 5; n++) keys.push(expectStatus(await call(server, 'POST', '/access_keys/', big.token, createKey()), 201).secret)
  const held = [await holdExport('/devices/export', keys[0]!), await holdExport('/devices/export', keys[1]!), await holdExport('/devices/export', keys[2]!), await holdExport('/devices/export', keys[3]!)]
  assert.equal(held.map((answer) => answer.status), [200, 200, 200, 200])
  const fifth = await holdExport('/devices/export', keys[4]!)
  assert.is(fifth.status, 429)
  assert.match(JSON.parse(fifth.body).message, /4 exports/)
  held[0]!.abort()
  let next = fifth
  for (let tries = 0; next.status !== 200 && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    next = await holdExport('/devices/export', keys[4]!)
  }
  assert.is(next.status, 200, 'the place of the export whose client went away is free again')
  await Promise.all([...held.slice(1), next].map((answer) => answer.finish()))
})

test('an export holds exactly the rows of the list’s filter, all pages, in the list’s order', async () => {
  const query: [string, string][] = [['filter[tag]', 'edge'], ['filter[status]', 'online'], ['sort', 'name'], ['order', 'desc']]
  const answer = await exportOf(big, 'devices', [['format', 'jsonl'], ...query])
  assert.is(answer.status, 200)
  assert.match(answer.headers.get('content-type') ?? '', /^application\/x-ndjson/)
  const rows = answer.text.trimEnd().split('\n').map((line) => JSON.parse(line) as Rec)
  const listed = await call(server, 'GET', `/devices/?${new URLSearchParams([...query, ['per_page', '100']])}`, big.token)
  assert.is(rows.length, Number(listed.headers.get('X-Total-Count')))
  assert.is(rows.length, Math.floor(BIG / 6))
  for (const row of rows) assert.ok(row.status === 'online' && row.tags.includes('edge'), row.name)
  assert.equal(rows.slice(0, 100).map((row) => row.id), (listed.body as Rec[]).map((row) => row.id), 'the first page of the list starts the export')
})

test('a sort with empty values and a sort on a computed value export every row once, in the list’s order', async () => {
  const at = new Date().toISOString()
  for (let n = 0; n < 12; n++) {
    await insertDevices(server, me.organizationId, [{ name: `Seen ${n}`, serial: `SEEN-${n}`, status: 'online', lastSeen: n % 3 === 0 ? null : `2026-10-0${(n % 5) + 1}T00:00:00.000Z`, createdAt: at }])
  }
  for (const order of ['asc', 'desc']) {
    const listed = expectStatus<Rec[]>(await call(server, 'GET', `/devices/?sort=last_seen&order=${order}&per_page=100`, me.token), 200)
    const exported = csvRecords((await exportOf(me, 'devices', [['sort', 'last_seen'], ['order', order]])).text)
    assert.equal(exported.map((row) => row.id), listed.map((row) => row.id), `last_seen ${order}`)
    // A search narrows the export as it does the list.
    const searchedList = expectStatus<Rec[]>(await call(server, 'GET', `/devices/?q=Seen%201&sort=last_seen&order=${order}&per_page=100`, me.token), 200)
    const searched = csvRecords((await exportOf(me, 'devices', [['q', 'Seen 1'], ['sort', 'last_seen'], ['order', order]])).text)
    assert.equal(searched.map((row) => row.id), searchedList.map((row) => row.id))
    assert.is(searched.length, 3, 'Seen 1, 10 and 11')
  }
})

test('CSV cells that a spreadsheet would run are escaped, and commas, quotes and line breaks are quoted', async () => {
  const hostile = ["=cmd|' /C calc'!A0", '+1', '-1', '@x', '\tTabbed', '\rReturned', 'plain, with a comma', 'say "hi"', 'two\nlines', 'a\r\nb']
  const at = new Date().toISOString()
  for (const [n, name] of hostile.entries()) {
    await insertDevices(server, me.organizationId, [{ id: `hostile-${n}`, name, serial: `HOSTILE-${n}`, status: 'offline', location: name, tags: ['=SUM(A1)'], tagsText: '', createdAt: at }])
  }
  const answer = await exportOf(me, 'devices', [['format', 'csv'], ['filter[status]', 'offline']])
  const records = csvRecords(answer.text)
  const byId = new Map(records.map((record) => [record.id, record]))
  const expected = (name: string) => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name)
  for (const [n, name] of hostile.entries()) {
    const record = byId.get(`hostile-${n}`)!
    assert.is(record.name, expected(name), JSON.stringify(name))
    assert.is(record.location, expected(name))
    assert.is(record.tags, "'=SUM(A1)")
  }
  assert.ok(answer.text.includes(`"'=cmd|' /C calc'!A0"`) || answer.text.includes(`'=cmd|' /C calc'!A0`))
  assert.not.ok(/(^|,)[=+\-@]/m.test(answer.text.split('\r\n').slice(1).join('\r\n').replace(/"[^"]*"/g, '')), 'no cell starts with a formula character')
})

test('another organization’s rows never come, and a key’s secret or hash never does', async () => {
  const issued = expectStatus(await me.create('access_keys', createKey({ name: 'Exported key' })), 201)
  expectStatus(await other.create('access_keys', createKey({ name: 'Their key' })), 201)
  const row = (await accessKeyRow(server, issued.id))!
  for (const format of ['csv', 'jsonl']) {
    const answer = await exportOf(me, 'access_keys', [['format', format]])
    assert.is(answer.status, 200)
    assert.ok(answer.text.includes('Exported key'))
    assert.not.ok(answer.text.includes('Their key'), 'another organization’s key')
    assert.not.ok(answer.text.includes(issued.secret), 'the secret')
    assert.not.ok(answer.text.includes(row!.secret_hash), 'the hash')
    assert.not.ok(/secret|hash/i.test(answer.text.split('\n')[0]!), 'no such column')
  }
  const mine = await exportOf(me, 'devices', [['format', 'jsonl']])
  assert.not.ok(mine.text.includes('Bulk 1'), 'the large fleet is another organization')
  const theirs = await exportOf(other, 'devices', [['format', 'csv']])
  assert.equal(csvRecords(theirs.text), [])
  assert.is(theirs.text, 'id,name,serial,model,status,enabled,ip,firmware,location,tags,last_seen,enrolled_by,created_at,updated_at\r\n')
})

test('an export needs the right to read the list; bad formats and filters answer 400', async () => {
  const limited = await register(server, 'Limited')
  await limitRights(server, limited.email, ['tunnels'])
  assert.is((await exportOf(limited, 'devices')).status, 403)
  assert.is((await exportOf(limited, 'users')).status, 403)
  assert.is((await exportOf(limited, 'tunnels')).status, 200)
  assert.is((await call(server, 'GET', '/devices/export')).status, 401)
  for (const [query, words] of [
    [[['format', 'xlsx']], 'format'],
    [[['filter[colour]', 'red']], 'colour'],
    [[['filter[status]', 'asleep']], 'status'],
    [[['sort', 'secret_hash']], 'secret_hash'],
  ] as [[string, string][], string][]) {
    const answer = await exportOf(me, 'devices', query)
    assert.is(answer.status, 400, JSON.stringify(query))
    assert.ok(String(answer.body.message).includes(words), answer.text)
  }
})

test('the audit trail exports by date range, newest first, of the collections the caller holds', async () => {
  const t0 = new Date().toISOString()
  const auditor = await register(server, 'Audited')
  const made = expectStatus(await auditor.create('devices', { name: 'Audited', serial: 'AUD-1', model: 'EdgeBox', location: '', tags: [] }), 201)
  server.advance(60_000)
  const t1 = new Date(Date.now() + 30_000).toISOString()
  expectStatus(await auditor.update('devices', made.id, { ...made, name: '=Renamed' }), 200)
  const all = csvRecords((await call(server, 'GET', `/audit/export?format=csv&from=${encodeURIComponent(t0)}`, auditor.token)).text)
  const actions = all.filter((row) => row.record_id === made.id).map((row) => row.action)
  assert.equal(actions, ['update', 'create'])
  assert.is(all.find((row) => row.action === 'update' && row.record_id === made.id)!.record_name, "'=Renamed")
  const before = csvRecords((await call(server, 'GET', `/audit/export?format=csv&from=${encodeURIComponent(t0)}&to=${encodeURIComponent(t1)}`, auditor.token)).text)
  assert.equal(before.filter((row) => row.record_id === made.id).map((row) => row.action), ['create'])
  const answer = await call(server, 'GET', `/audit/export?format=jsonl&from=${encodeURIComponent(t1)}`, auditor.token)
  assert.match(answer.headers.get('content-disposition') ?? '', /filename="audit-/)
  assert.equal(answer.text.trimEnd().split('\n').map((line) => JSON.parse(line).action), ['update'])
  // Someone without the devices right sees none of its entries; the other organization none at all.
  const theirs = await call(server, 'GET', '/audit/export?format=jsonl', other.token)
  assert.not.ok(theirs.text.includes(made.id))
  assert.is((await call(server, 'GET', '/audit/export?from=yesterday', auditor.token)).status, 400)
  assert.is((await call(server, 'GET', `/audit/export?from=${encodeURIComponent(t1)}&to=${encodeURIComponent(t0)}`, auditor.token)).status, 400)
})

test.run()
