import { Hono } from 'hono'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { noteAudit } from '../../../src/server/audit/live'
import { announceAudits } from '../../../src/server/audit/routes'

/** An app whose routes note an entry, then answer or fail, under the announcer with a recording hub. */
function app() {
  const published: { organizationId: string; type: string; data: unknown }[] = []
  const hub = {
    publish: async (organizationId: string, type: string, data: unknown) => {
      published.push({ organizationId, type, data })
    },
  }
  const entry = (id: string) => ({ id, collection: 'devices' as const, action: 'update', record_id: 'd-1' })
  const served = new Hono()
    .use(announceAudits(hub as never))
    .post('/ok', async (c) => {
      await Promise.resolve()
      noteAudit('org-1', entry('e-1'))
      noteAudit('org-1', entry('e-2'))
      return c.json({})
    })
    .post('/fails', async () => {
      noteAudit('org-1', entry('e-3'))
      throw new Error('undone')
    })
    .post('/refused', (c) => {
      noteAudit('org-1', entry('e-4'))
      return c.json({ message: 'conflict' }, 409)
    })
  served.onError((_, c) => c.json({ message: 'failed' }, 500))
  return { served, published }
}

test("a request's entries are announced once it answered, in order, on their organization's stream", async () => {
  const { served, published } = app()
  assert.is((await served.request('/ok', { method: 'POST' })).status, 200)
  assert.equal(
    published.map((event) => [event.organizationId, event.type, (event.data as { id: string }).id]),
    [
      ['org-1', 'audit', 'e-1'],
      ['org-1', 'audit', 'e-2'],
    ],
  )
})

test('a request that failed or was refused announces nothing: its entries were undone', async () => {
  const { served, published } = app()
  assert.is((await served.request('/fails', { method: 'POST' })).status, 500)
  assert.is((await served.request('/refused', { method: 'POST' })).status, 409)
  assert.equal(published, [])
})

test('an entry noted outside a request (a sweep) is announced by nobody and breaks nothing', () => {
  noteAudit('org-1', { id: 'e-5', collection: 'devices', action: 'update', record_id: 'd-1' })
})

test.run()
