import { test } from 'uvu'
import type { TestServer } from '../api/collections/_api'
import { capRace } from '../api/_caps'
import { startPair } from './_pair'

// Two servers on one PostgreSQL database: creates at a plan cap's last free place, sent to both at
// once, make exactly one.
let a: TestServer
let b: TestServer
let stop: () => Promise<void>

test.before(async () => {
  ;({ a, b, stop } = await startPair())
})
test.after(() => stop())

test('alert rules raced over A and B at the cap: one is made', () => capRace([a, b], 'alert_rules'))
test('access keys raced over A and B at the cap: one is made', () => capRace([a, b], 'access_keys'))
test('invitations raced over A and B at the cap: one is made', () => capRace([a, b], 'invitations'))
test('alert mutes raced over A and B at the cap: one is made', () => capRace([a, b], 'alert_mutes'))

test.run()
