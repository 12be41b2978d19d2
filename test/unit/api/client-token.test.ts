import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { stubFetch } from './fetch-stub'

// Its own file: the client reads local storage once, so the token must be there before the first call.
localStorage.setItem('axe', 'kept-from-last-visit')

test('reads the token of an earlier visit from local storage and sends it as Bearer', async () => {
  const { call, getToken } = await import('../../../src/api/client')
  const stub = stubFetch({ status: 200, body: { id: 'u-1' } })
  try {
    assert.is(getToken(), 'kept-from-last-visit')
    await call('GET', '/users/self')
    assert.equal(stub.requests, [
      { method: 'GET', url: '/api/users/self', authorization: 'Bearer kept-from-last-visit', body: null },
    ])
  } finally {
    stub.restore()
  }
})

test.run()
