import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { insertViews, viewCount } from '../fixtures'
import { VIEWS_PER_OWNER } from '../../src/contract/views'
import { call, register, type TestServer } from '../api/collections/_api'
import { startPair } from './_pair'

// Two servers on one PostgreSQL database: creates of one member's views at the limit, sent to
// both at once, never keep more than the limit.
let a: TestServer
let b: TestServer
let stop: () => Promise<void>

test.before(async () => {
  ;({ a, b, stop } = await startPair())
})
test.after(() => stop())

test('creates racing at the per-member limit of views keep exactly the limit', async () => {
  const owner = await register(a, 'Raced views')
  const query = JSON.stringify({ q: '', sort: 'name', order: 'asc', filters: {} })
  await insertViews(
    a,
    Array.from({ length: VIEWS_PER_OWNER - 2 }, (_, n) => ({ id: `seeded-${n}-${owner.userId}`, organizationId: owner.organizationId, ownerId: owner.userId, name: `Seeded ${n}`, collection: 'devices', query })),
  )
  const body = (n: number) => ({ name: `Raced ${n}`, collection: 'devices', query: { q: '', sort: 'name', order: 'asc', filters: {} }, columns: ['name'] })
  const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => call(n % 2 ? b : a, 'POST', '/views/', owner.token, body(n))))
  const statuses = answers.map((answer) => answer.status).sort()
  assert.equal(statuses, [201, 201, 409, 409, 409, 409, 409, 409], JSON.stringify(answers.map((answer) => answer.text.slice(0, 80))))
  assert.is(await viewCount(a, owner.userId, 'devices'), VIEWS_PER_OWNER)
})

test.run()
