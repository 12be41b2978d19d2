import { test } from 'uvu'
import { createTestDatabase, POSTGRES_URL } from './_server'
import { startServer, type TestServer } from './collections/_api'
import { idempotencyRace } from './_races'

// Writes under one Idempotency-Key side by side: on one process (SQLite, and PostgreSQL in the
// suite's second run), and on PostgreSQL over two processes' worth of servers on one database, as
// behind a load balancer, where only the database orders them.
let server: TestServer
let shared: { database: Awaited<ReturnType<typeof createTestDatabase>>; servers: TestServer[] } | undefined

test.before(async () => {
  server = await startServer()
  if (POSTGRES_URL) {
    const database = await createTestDatabase()
    const servers = await Promise.all([startServer({ databaseUrl: database.url }), startServer({ databaseUrl: database.url })])
    shared = { database, servers }
  }
})
test.after(async () => {
  await server.close()
  if (shared) {
    await Promise.all(shared.servers.map((each) => each.close()))
    await shared.database.drop()
  }
})

test('20 creates with one Idempotency-Key at once make one device; the others replay it or wait', () => idempotencyRace([server]))
test('the same over two processes on one PostgreSQL database (SQLite: one process, as above)', () => idempotencyRace(shared?.servers ?? [server]))

test.run()
