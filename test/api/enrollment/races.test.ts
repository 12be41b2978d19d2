import { test } from 'uvu'
import { startServer, type TestServer } from '../collections/_api'
import { lastPlaceRace, lastUseRace, sameSerialRace } from './_races'

// Enrollments side by side on one process (SQLite, and PostgreSQL in the suite's second run);
// test/postgres/enrollment.test.ts sends them to two processes on one database.
let server: TestServer

test.before(async () => {
  server = await startServer()
})
test.after(() => server.close())

test('two devices enrolling at once with the last use of a one-off key: one is made', () => lastUseRace([server]))
test('two devices enrolling at once for the last free device place of the plan: one is made', () => lastPlaceRace([server]))

test('one serial enrolling twice at once: one device, one use of the key, one credential standing', () => sameSerialRace([server]))

test.run()
