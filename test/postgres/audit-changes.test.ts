import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { changesOf } from '../fixtures'
import { call, createDevice, expectStatus, register, type TestServer } from '../api/collections/_api'
import { openEvents } from '../api/collections/_events'
import { startPair } from './_pair'

type Rec = Record<string, any>

// Two server processes on one PostgreSQL database: a write on one, its trail read and heard on the other.
let a: TestServer
let b: TestServer
let stop: () => Promise<void>

test.before(async () => {
  ;({ a, b, stop } = await startPair())
})
test.after(() => stop())

test('a rename on A is in the trail read on B with its before and after, and its entry reaches the stream open on B', async () => {
  const owner = await register(a, 'Shared trail')
  const other = await register(a, 'Other trail')
  const device = expectStatus<Rec>(await owner.create('devices', createDevice({ name: 'Before on A' })), 201)
  const onB = await openEvents(b, owner.token)
  const otherOnB = await openEvents(b, other.token)
  try {
    expectStatus(await owner.update('devices', device.id, { ...device, name: 'After on A' }), 200)
    const heard = await onB.waitFor((event) => event.event === 'audit' && event.data.record_id === device.id && event.data.action === 'update', 2000)
    const [entry] = expectStatus<Rec[]>(await call(b, 'GET', `/audit/?collection=devices&record_id=${device.id}&action=update`, owner.token), 200)
    assert.is(entry!.id, heard.data.id)
    assert.equal(entry!.changes, [{ field: 'name', before: 'Before on A', after: 'After on A' }])
    // The column is PostgreSQL's own text, as on SQLite.
    assert.equal(JSON.parse((await changesOf(b, entry!.id))!), entry!.changes)
    assert.equal(expectStatus<Rec[]>(await call(b, 'GET', `/audit/?record_id=${device.id}`, other.token), 200), [], 'not in another organization')
    assert.is(otherOnB.events.some((event) => event.event === 'audit' && event.data.record_id === device.id), false)
  } finally {
    onB.close()
    otherOnB.close()
  }
})

test.run()
