import { sql } from 'kysely'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
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
  const at = new Date().toISOString()
  const query = JSON.stringify({ q: '', sort: 'name', order: 'asc', filters: {} })
  for (let n = 0; n < VIEWS_PER_OWNER - 2; n++) {
    await a.exec(
      sql`INSERT INTO views (id, organization_id, owner_id, name, collection, query, columns, shared, pinned, created_at, updated_at, version)
          VALUES (${`seeded-${n}-${owner.userId}`}, ${owner.organizationId}, ${owner.userId}, ${`Seeded ${n}`}, 'devices', ${query}, '["name"]', 0, 0, ${at}, ${at}, 1)`,
    )
  }
  const body = (n: number) => ({ name: `Raced ${n}`, collection: 'devices', query: { q: '', sort: 'name', order: 'asc', filters: {} }, columns: ['name'] })
  const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => call(n % 2 ? b : a, 'POST', '/views/', owner.token, body(n))))
  const statuses = answers.map((answer) => answer.status).sort()
  assert.equal(statuses, [201, 201, 409, 409, 409, 409, 409, 409], JSON.stringify(answers.map((answer) => answer.text.slice(0, 80))))
  const [row] = await a.rows<{ count: string }>(sql`SELECT count(*) AS count FROM views WHERE owner_id = ${owner.userId} AND collection = 'devices'`)
  assert.is(Number(row!.count), VIEWS_PER_OWNER)
})

test.run()
