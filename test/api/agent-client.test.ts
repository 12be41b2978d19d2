// The agent's calls over real HTTP, in plain Node: the unit layer's DOM brings a fetch of its own.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { NoAnswer, post } from '../../src/agent/client'

/** A local server answering with `handle`; it records the Authorization header of each request. */
async function serve(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: (string | undefined)[] = []
  const server = http.createServer((req, res) => {
    seen.push(req.headers.authorization)
    handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

test('the credential never follows a redirect to another address', async () => {
  const elsewhere = await serve((_, res) => res.end('{}'))
  const console = await serve((_, res) => res.writeHead(307, { Location: `${elsewhere.origin}/api/devices/d/heartbeat` }).end())
  try {
    const answer = await post(console.origin, '/devices/d/heartbeat', 'edc_ab12cd34_secret', {}, new AbortController().signal).catch((error: unknown) => error)
    assert.instance(answer, NoAnswer)
    assert.equal(console.seen, ['Bearer edc_ab12cd34_secret'])
    assert.equal(elsewhere.seen, [], 'the other address heard nothing')
  } finally {
    await Promise.all([elsewhere.close(), console.close()])
  }
})

test('a stop ends a call in flight at once', async () => {
  const slow = await serve(() => undefined)
  const stop = new AbortController()
  try {
    const began = Date.now()
    const call = post(slow.origin, '/devices/d/heartbeat', 'edc_x', {}, stop.signal).catch((error: unknown) => error)
    setTimeout(() => stop.abort(), 100)
    assert.instance(await call, NoAnswer)
    assert.ok(Date.now() - began < 1000)
  } finally {
    await slow.close()
  }
})

test('an answer brings its status, JSON, Retry-After and round trip', async () => {
  const busy = await serve((_, res) => res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '7' }).end('{"message":"Slow down"}'))
  try {
    const answer = await post(busy.origin, '/devices/d/heartbeat', 'edc_x', {}, new AbortController().signal)
    assert.equal([answer.status, answer.body, answer.retryAfterS], [429, { message: 'Slow down' }, 7])
    assert.ok(answer.tookMs >= 0)
  } finally {
    await busy.close()
  }
})

test.run()
