import { Hono } from 'hono'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Context } from 'hono'
import { announceAudits } from '../../../src/server/audit/routes'
import { requestOrigin } from '../../../src/server/http/client'

/** Notes an entry as `audit` does: on the list the request's origin carries to its actor. */
const noteAudit = (c: Context, organizationId: string, event: { id: string; collection: 'devices'; action: string; record_id: string }) =>
  requestOrigin({ clientAddress: () => '' }, c).written?.push({ organizationId, event })

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
      noteAudit(c, 'org-1', entry('e-1'))
      noteAudit(c, 'org-1', entry('e-2'))
      return c.json({})
    })
    .post('/fails', async (c) => {
      noteAudit(c, 'org-1', entry('e-3'))
      throw new Error('undone')
    })
    .post('/refused', (c) => {
      noteAudit(c, 'org-1', entry('e-4'))
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

test('a request outside the announcer carries no list: its entries are announced by nobody and break nothing', async () => {
  let origin: ReturnType<typeof requestOrigin> | undefined
  const bare = new Hono().post('/', (c) => {
    origin = requestOrigin({ clientAddress: () => '' }, c)
    noteAudit(c, 'org-1', { id: 'e-5', collection: 'devices', action: 'update', record_id: 'd-1' })
    return c.json({})
  })
  assert.is((await bare.request('/', { method: 'POST' })).status, 200)
  assert.is(origin?.written, undefined)
})

test.run()
