import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { heartbeatCount, signInTimes } from '../fixtures'
import { startTestServer } from './_server'

const DAY = 24 * 3600_000

test('heartbeat samples older than seven days are swept, newer ones kept', async () => {
  const server = await startTestServer()
  try {
    const seeded = await heartbeatCount(server)
    assert.ok(seeded > 1000, `seeded ${seeded}`)
    server.advance(5 * DAY)
    await server.sweep()
    assert.is(await heartbeatCount(server), seeded)
    server.advance(3 * DAY)
    await server.sweep()
    assert.is(await heartbeatCount(server), 0)
  } finally {
    await server.close()
  }
})

test('sign-ins older than ninety days are swept, newer ones kept', async () => {
  const server = await startTestServer()
  try {
    const { signIn } = await import('./_server')
    await signIn(server)
    const ages = () => signInTimes(server)
    const seeded = await ages()
    assert.ok(seeded.length > 1, 'the seed and the sign-in left some')
    // Ninety days on, less half a day: what is older than twelve hours now is past its time.
    server.advance(89.5 * DAY)
    const cutoff = new Date(Date.now() - DAY / 2).toISOString()
    await server.sweep()
    const left = await ages()
    assert.ok(left.length < seeded.length, 'the oldest went')
    assert.ok(left.length > 0, 'the newest stayed')
    assert.equal(left.sort(), seeded.filter((at) => at >= cutoff).sort())
  } finally {
    await server.close()
  }
})

test('a list total is counted afresh once a record of the organization changes', async () => {
  const server = await startTestServer()
  try {
    const { signIn } = await import('./_server')
    const token = await signIn(server)
    const total = async () => Number((await server.get('/devices/?per_page=5', token)).headers.get('X-Total-Count'))
    const before = await total()
    const created = await server.post('/devices/', { name: 'Fresh', serial: 'FRESH-1', model: 'M', location: '', tags: [] }, token)
    assert.is(created.status, 201)
    assert.is(await total(), before + 1)
  } finally {
    await server.close()
  }
})

test.run()
