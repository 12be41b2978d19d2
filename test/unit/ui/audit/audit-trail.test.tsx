import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { clearToken, setToken } from '../../../../src/api/client'
import type { AuditEntry } from '../../../../src/contract/audit'
import { AuditTrail, recordHref } from '../../../../src/ui/audit/audit-trail'
import { RELOAD_AFTER_MS } from '../../../../src/ui/audit/use-audit-trail'
import { cleanup, fireEvent, page, render, waitFor } from '../testing'

const { configure } = await import('@testing-library/react')
configure({ asyncUtilTimeout: 3000 })

const createEntry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `e-${n}`,
  at: new Date(Date.now() - n * 60_000).toISOString(),
  actor: { kind: 'user', id: 'u-1', name: 'Ada Lovelace' },
  action: 'update',
  collection: 'devices',
  record_id: 'd-1',
  record_name: `Gateway ${n}`,
  fields: ['name', 'location'],
  changes: [],
  ip: '192.0.2.1',
  user_agent: 'Test',
  ...overrides,
})

/** The server under the trail: `/audit/` answers from `entries`, `/events` is a stream the test writes to. */
const server = (() => {
  let entries: AuditEntry[] = []
  const asked: URL[] = []
  const streams: ReadableStreamDefaultController<Uint8Array>[] = []
  let original: typeof fetch | undefined
  return {
    asked,
    set(next: AuditEntry[]) {
      entries = next
    },
    install() {
      original = globalThis.fetch
      setToken('token-1')
      globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost:8080')
        if (url.pathname.endsWith('/events')) {
          const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) })
          const controller = streams[streams.length - 1]!
          init?.signal?.addEventListener('abort', () => {
            try {
              controller.close()
            } catch {
              // Already closed.
            }
          })
          return { ok: true, status: 200, body } as unknown as Response
        }
        asked.push(url)
        const perPage = Number(url.searchParams.get('per_page'))
        const pageNo = Number(url.searchParams.get('page'))
        const rows = entries.slice((pageNo - 1) * perPage, pageNo * perPage)
        return new Response(JSON.stringify(rows), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(entries.length) } })
      }) as typeof fetch
    },
    restore() {
      if (original) globalThis.fetch = original
      clearToken()
    },
    send(event: string, data: unknown) {
      const stream = streams[streams.length - 1]
      if (!stream) throw new Error('no events stream open')
      stream.enqueue(new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`))
    },
  }
})()

test.before(() => server.install())
test.after(() => server.restore())
test.after.each(() => {
  cleanup()
  server.asked.length = 0
})

const show = (props: Parameters<typeof AuditTrail>[0]) =>
  render(
    <Router hook={memoryLocation({ path: '/app/home' }).hook} base="/app">
      <AuditTrail {...props} />
    </Router>,
  )

test('links a record to its detail view where there is one, else to its list', () => {
  assert.is(recordHref({ collection: 'devices', record_id: 'a b' }), '/devices/details?id=a%20b')
  assert.is(recordHref({ collection: 'roles', record_id: 'r' }), '/roles/details?id=r')
  assert.is(recordHref({ collection: 'access_keys', record_id: 'k' }), '/access_keys')
})

test("asks for one record's trail and shows who did what, which fields, and from where", async () => {
  server.set([createEntry(1), createEntry(2, { actor: { kind: 'key', id: 'k-1', name: 'Robot key' }, action: 'revoke', fields: [] })])
  show({ collection: 'devices', recordId: 'd-1', perPage: 5 })
  await waitFor(() => page().getByText('Robot key'))
  const asked = server.asked[0]!
  assert.is(asked.searchParams.get('collection'), 'devices')
  assert.is(asked.searchParams.get('record_id'), 'd-1')
  assert.is(asked.searchParams.get('per_page'), '5')
  assert.ok(page().getByText('Changed: name, location'))
  assert.ok(page().getByText('Access key'), 'an access key is marked as one')
  assert.ok(page().getByText('revoked this device'))
  assert.is(page().queryByText('Gateway 1'), null, "one record's trail does not repeat its name")
})

test('shows the whole trail with record links, and loads the next page on demand', async () => {
  server.set(Array.from({ length: 7 }, (_, n) => createEntry(n + 1)))
  show({ perPage: 5 })
  await waitFor(() => page().getByText('Gateway 5'))
  assert.is(page().queryByText('Gateway 6'), null)
  assert.is(page().getByText('Gateway 1').closest('a')?.getAttribute('href'), '/app/devices/details?id=d-1')
  fireEvent.click(page().getByRole('button', { name: 'Show more (2 left)' }))
  await waitFor(() => page().getByText('Gateway 7'))
  assert.is(page().queryByRole('button', { name: /Show more/ }), null)
})

test('reads the first page again when a change of what it shows arrives live, and not for others', async () => {
  server.set([createEntry(1)])
  show({ collection: 'devices', recordId: 'd-1' })
  await waitFor(() => page().getByText('Ada Lovelace'))
  await waitFor(() => server.send('change', { collection: 'tunnels', id: 't-1', action: 'update', version: 2 }))
  server.send('change', { collection: 'devices', id: 'd-2', action: 'update', version: 2 })
  await new Promise((resolve) => setTimeout(resolve, RELOAD_AFTER_MS + 200))
  assert.is(server.asked.length, 1, 'other records do not reload it')
  server.set([createEntry(0, { actor: { kind: 'user', id: 'u-2', name: 'Grace Hopper' } }), createEntry(1)])
  server.send('change', { collection: 'devices', id: 'd-1', action: 'update', version: 3 })
  await waitFor(() => page().getByText('Grace Hopper'))
  assert.is(server.asked.length, 2)
})

test("says whole sentences on one record's trail: the record as this one, a person's own step without an object", async () => {
  const admin = { kind: 'user' as const, id: 'u-1', name: 'Administrator' }
  const grace = { kind: 'user' as const, id: 'u-2', name: 'Grace Hopper' }
  server.set([
    createEntry(1, { actor: grace, action: 'accept', collection: 'users', record_id: 'u-2', fields: [] }),
    createEntry(2, { actor: grace, action: 'password', collection: 'users', record_id: 'u-2', fields: [] }),
    createEntry(3, { actor: admin, action: 'create', collection: 'users', record_id: 'u-2', fields: [] }),
  ])
  show({ collection: 'users', recordId: 'u-2' })
  await waitFor(() => page().getByText('Administrator'))
  const lines = Array.from(document.querySelectorAll('li[data-action]'), (entry) => entry.querySelector('span')?.textContent)
  assert.equal(lines, ['accepted the invitation', 'changed their password', 'created this user'])
})

test('a device mute says which device and until when, in the language\'s date and time with its zone', async () => {
  server.set([
    createEntry(1, {
      action: 'mute',
      collection: 'alerts',
      record_id: 'm-1',
      record_name: 'Gateway 7',
      fields: [],
      changes: [
        { field: 'device', before: null, after: 'Gateway 7' },
        { field: 'until', before: null, after: '2026-03-12T14:30:00.000Z' },
      ],
    }),
  ])
  show({ perPage: 5 })
  const line = await waitFor(() => page().getByText(/^muted alerts for device/))
  assert.match(line.textContent ?? '', /^muted alerts for device Gateway 7 until Mar 1[23], 2026, \d{1,2}:30 [AP]M (UTC|GMT[+-]?[\d:]*|[A-Z]{3,5})$/)
  assert.is(page().queryByText(/alert rule/), null)
  assert.is(page().queryByRole('table'), null, 'the sentence says it all')
})

test('says so when nothing was recorded', async () => {
  server.set([])
  show({ collection: 'roles', recordId: 'r-1' })
  await waitFor(() => page().getByText('No changes recorded yet.'))
})

test("shows an update's changes side by side, a secret only as changed, and asks with the trail's filters", async () => {
  server.set([
    createEntry(1, {
      fields: ['name', 'tags', 'client_secret'],
      changes: [
        { field: 'name', before: 'Boiler gateway', after: 'Roof gateway' },
        { field: 'tags', before: [], after: ['lab', 'roof'] },
        { field: 'client_secret', changed: true },
      ],
    }),
  ])
  show({ perPage: 25, filters: { actor: 'u-1', action: 'update', from: '2026-01-01T00:00:00.000Z' } })
  const table = await waitFor(() => page().getByRole('table', { name: 'What changed' }))
  const rows = Array.from(table.querySelectorAll('tbody tr'), (row) => Array.from(row.children, (cell) => cell.textContent))
  assert.equal(rows, [
    ['name', 'Boiler gateway', 'Roof gateway'],
    ['tags', '—', 'lab, roof'],
    ['client secret', 'changed (not shown)'],
  ])
  assert.is(page().queryByText(/^Changed:/), null, 'the table says which fields, not a list beside it')
  const asked = server.asked[0]!
  assert.equal([asked.searchParams.get('actor'), asked.searchParams.get('action'), asked.searchParams.get('from')], ['u-1', 'update', '2026-01-01T00:00:00.000Z'])
})

test('a new entry of what the trail shows, told on the events stream, reloads it', async () => {
  server.set([createEntry(1)])
  show({ perPage: 5, filters: { action: 'update' } })
  await waitFor(() => page().getByText('Gateway 1'))
  const before = server.asked.length
  server.set([createEntry(0, { record_name: 'Gateway new' }), createEntry(1)])
  server.send('audit', { id: 'e-0', collection: 'devices', action: 'delete', record_id: 'd-1' })
  await new Promise((resolve) => setTimeout(resolve, RELOAD_AFTER_MS + 100))
  assert.is(server.asked.length, before, 'an entry of another action is none of this trail')
  server.send('audit', { id: 'e-0', collection: 'devices', action: 'update', record_id: 'd-1' })
  await waitFor(() => page().getByText('Gateway new'))
})

test.run()
