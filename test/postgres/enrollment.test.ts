import { test } from 'uvu'
import type { TestServer } from '../api/collections/_api'
import { lastPlaceRace, lastUseRace, sameSerialRace } from '../api/enrollment/_races'
import { startPair } from './_pair'

// Two servers on one PostgreSQL database: two devices enrolling at once, one on each, for the last
// use of a one-off key or the last device place of the plan: exactly one is made.
let a: TestServer
let b: TestServer
let stop: () => Promise<void>

test.before(async () => {
  ;({ a, b, stop } = await startPair())
})
test.after(() => stop())

test('the last use of a one-off key raced over A and B: one device is made', () => lastUseRace([a, b]))
test('the last device place of the plan raced over A and B: one device is made', () => lastPlaceRace([a, b]))

test('one serial enrolling on A and B at once: one device, one use of the key, one credential standing', () => sameSerialRace([a, b]))

test.run()
