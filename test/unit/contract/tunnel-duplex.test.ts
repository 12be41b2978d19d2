import { once } from 'node:events'
import { createServer, request, type IncomingMessage } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { Readable, type Duplex } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { streamDuplex } from '../../../src/contract/tunnel-duplex'
import { INITIAL_WINDOW } from '../../../src/contract/tunnel-wire'
import { bytesOf, muxPair, sameBytes, settle, until } from './tunnel-pair'

/** Reads a readable to its end, leaving its writing side be (a for-await loop would destroy it). */
function readAll(readable: Readable) {
  const chunks: Buffer[] = []
  return new Promise<Buffer>((resolve, reject) => {
    readable.on('data', (chunk: Buffer) => chunks.push(chunk))
    readable.on('end', () => resolve(Buffer.concat(chunks)))
    readable.on('error', reject)
  })
}

/** Chunks of 1 to 50,000 bytes, as a socket might hand them. */
function* chunksOf(bytes: Uint8Array, seed: number) {
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = 1 + ((seed * 7919 + i * 104729) % 50_000)
    yield bytes.subarray(at, at + size)
    at += size
  }
}

/** A console and an agent joined by a mux; the agent's side of each stream comes through `agentSide`. */
function joined(seed: number) {
  const agentSides: Duplex[] = []
  const pair = muxPair(seed, {
    agent: {
      onopen: (stream) => {
        pair.agent.accept(stream)
        agentSides.push(streamDuplex(stream))
      },
    },
  })
  return { pair, agentSides }
}

test('pipes 1 MB each way through a pair of duplexes, intact', async () => {
  const { pair, agentSides } = joined(3)
  const up = bytesOf(1024 * 1024, 1)
  const down = bytesOf(1024 * 1024 + 17, 2)
  const consoleSide = streamDuplex(pair.console.open({ tunnel: 'ssh' }))
  await until(() => agentSides.length === 1)
  const agentSide = agentSides[0] as Duplex
  const [received, sent] = await Promise.all([
    readAll(consoleSide),
    readAll(agentSide),
    pipeline(Readable.from(chunksOf(up, 1)), consoleSide),
    pipeline(Readable.from(chunksOf(down, 2)), agentSide),
  ])
  assert.ok(sameBytes(received, down), 'the agent to the console')
  assert.ok(sameBytes(sent, up), 'the console to the agent')
  assert.ok(pair.maxInFlight <= INITIAL_WINDOW)
  await settle(pair)
  assert.is(pair.console.size + pair.agent.size, 0)
})

test('a paused reader holds the writer back and keeps memory bounded', async () => {
  const { pair, agentSides } = joined(5)
  const stream = pair.console.open({ tunnel: 'ssh' })
  const consoleSide = streamDuplex(stream)
  const total = 4 * 1024 * 1024
  const bytes = bytesOf(total, 9)
  let produced = 0
  const writer = (async () => {
    for (const chunk of chunksOf(bytes, 3)) {
      produced += chunk.length
      if (!consoleSide.write(chunk)) await once(consoleSide, 'drain')
    }
    consoleSide.end()
  })()
  await until(() => agentSides.length === 1)
  const agentSide = agentSides[0] as Duplex
  await settle(pair)
  const held = produced
  await settle(pair)
  assert.is(produced, held, 'the writer waits')
  assert.ok(produced < 1024 * 1024, `${produced} bytes taken from the writer`)
  assert.ok(agentSide.readableLength <= INITIAL_WINDOW, `${agentSide.readableLength} bytes wait to be read`)
  assert.ok(stream.queued <= INITIAL_WINDOW + 50_000, `${stream.queued} bytes wait to be sent`)

  const received = await readAll(agentSide)
  await writer
  assert.ok(sameBytes(received, bytes))
  assert.ok(pair.maxInFlight <= INITIAL_WINDOW)
})

test('a reset destroys the other side with its reason, and a destroy resets', async () => {
  const { pair, agentSides } = joined(7)
  const first = streamDuplex(pair.console.open({ tunnel: 'web' }))
  const second = streamDuplex(pair.console.open({ tunnel: 'web' }))
  const third = streamDuplex(pair.console.open({ tunnel: 'web' }))
  await until(() => agentSides.length === 3)
  const errors: string[] = []
  for (const [name, side] of [['first', first], ['agent second', agentSides[1]], ['agent third', agentSides[2]]] as const) {
    side?.on('error', (error: Error) => errors.push(`${name}: ${error.message}`))
  }

  for (const side of [second, third, agentSides[0]]) side?.on('error', () => {})
  agentSides[0]?.destroy(new Error('connection refused by 127.0.0.1:8080'))
  second.destroy(new Error('client went away'))
  third.destroy()
  await settle(pair)
  assert.equal(errors.sort(), [
    'agent second: client went away',
    'agent third: closed',
    'first: connection refused by 127.0.0.1:8080',
  ])
  assert.ok([first, second, third, ...agentSides].every((side) => side.destroyed))
  assert.is(pair.console.size + pair.agent.size, 0)
})

test('carries an HTTP request to a server on the agent side', async () => {
  const server = createServer((req, res) => {
    void readAll(req).then((body) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ method: req.method, url: req.url, length: body.length }))
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const pair = muxPair(11, {
    agent: {
      onopen: (stream) => {
        const target = connect(port, '127.0.0.1', () => {
          pair.agent.accept(stream)
          const side = streamDuplex(stream)
          void pipeline(side, target).catch(() => {})
          void pipeline(target, side).catch(() => {})
        })
      },
    },
  })
  const body = bytesOf(200_000, 4)
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request({
      method: 'POST',
      path: '/api/status?full=1',
      headers: { host: 'device.local' },
      createConnection: () => streamDuplex(pair.console.open({ tunnel: 'web' })) as never,
    })
    req.on('response', resolve)
    req.on('error', reject)
    req.end(body)
  })
  assert.is(response.statusCode, 200)
  assert.equal(JSON.parse((await readAll(response)).toString()), { method: 'POST', url: '/api/status?full=1', length: 200_000 })
  await until(() => pair.console.size + pair.agent.size === 0)
  server.close()
})

test.run()
