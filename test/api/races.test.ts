import { test } from 'uvu'
import { startServer, type TestServer } from './collections/_api'
import { foldRace, lockoutRace, planLimitRace, versionRace } from './_races'

// The rules that span rows or requests, with requests side by side on one process (SQLite, and
// PostgreSQL in the suite's second run); test/postgres/ tries them over two processes.
let server: TestServer

test.before(async () => {
  server = await startServer()
})
test.after(() => server.close())

test('20 edits of one version at once: one is saved, 19 are 409, the version moves by one', () => versionRace([server]))
test('two administrators demoting each other at once never leave nobody managing roles', () => lockoutRace([server]))
test('creates at once at the plan limit never pass it', () => planLimitRace([server]))
test('folds run at once count every sample once', () => foldRace([server]))

test.run()
