import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { INITIAL_WINDOW, MAX_DATA, Mux, type MuxStream } from '../../../src/contract/tunnel-wire'
import { bytesOf, collect, join, muxPair, sameBytes, settle, until, writeAll } from './tunnel-pair'

const text = new TextEncoder()

/** An agent side that accepts every stream and sends back what it receives. */
const echo = (agent: () => Mux) => ({
  onopen: (stream: MuxStream) => {
    agent().accept(stream)
    void collect(stream).then((bytes) => writeAll(stream, bytes, [MAX_DATA]))
  },
})

test('carries 1 MB each way over many streams at once, intact', async () => {
  const pair = muxPair(1, { agent: echo(() => pair.agent) })
  const sent = Array.from({ length: 16 }, (_, i) => bytesOf(64 * 1024 + i * 977, i))
  const echoed = await Promise.all(
    sent.map((bytes, i) => {
      const stream = pair.console.open({ tunnel: `t${i}` })
      void writeAll(stream, bytes, [1000 + i * 3001])
      return collect(stream)
    }),
  )
  sent.forEach((bytes, i) => assert.ok(sameBytes(echoed[i] as Uint8Array, bytes), `stream ${i}`))
  assert.ok(sent.reduce((sum, bytes) => sum + bytes.length, 0) >= 1024 * 1024)
  assert.ok(pair.maxInFlight <= INITIAL_WINDOW)
  await settle(pair)
  assert.is(pair.console.size, 0)
  assert.is(pair.agent.size, 0)
})

test('random chunk sizes, paces and interleavings keep bytes intact within the window', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 }),
      fc.array(fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 64, max: 3 * MAX_DATA })), { minLength: 1, maxLength: 12 }),
      fc.integer({ min: 1, max: 300_000 }),
      fc.integer({ min: 1, max: 4 }),
      async (seed, sizes, length, streams) => {
        let closed = ''
        const pair = muxPair(seed, { agent: echo(() => pair.agent), console: { onclose: (reason) => (closed = reason) } })
        const sent = Array.from({ length: streams }, (_, i) => bytesOf(Math.ceil(length / (i + 1)), seed + i))
        const echoed = await Promise.all(
          sent.map((bytes) => {
            const stream = pair.console.open({ tunnel: 'web' })
            void writeAll(stream, bytes, sizes)
            return collect(stream)
          }),
        )
        assert.is(closed, '')
        assert.ok(pair.maxInFlight <= INITIAL_WINDOW, `in flight ${pair.maxInFlight}`)
        sent.forEach((bytes, i) => assert.ok(sameBytes(echoed[i] as Uint8Array, bytes)))
      },
    ),
    { seed: 3405, numRuns: 25 },
  )
})

test('a reader that never reads makes write return false, with never more than a window in flight', async () => {
  let held: MuxStream | undefined
  let received = 0
  const pair = muxPair(7, {
    agent: {
      onopen: (stream) => {
        pair.agent.accept(stream)
        held = stream
        stream.ondata = (chunk) => (received += chunk.length)
      },
    },
  })
  const stream = pair.console.open({ tunnel: 'web' })
  const answers: boolean[] = []
  for (let i = 0; i < 64; i++) answers.push(stream.write(new Uint8Array(16 * 1024)))
  assert.equal(answers.indexOf(false), 32, 'false once more than a window waits unsent')
  let drained = false
  stream.ondrain = () => (drained = true)
  await settle(pair)
  assert.is(received, INITIAL_WINDOW)
  assert.is(pair.maxInFlight, INITIAL_WINDOW)
  assert.is(stream.queued, 1024 * 1024 - INITIAL_WINDOW)
  assert.not.ok(drained)

  held?.consumed(INITIAL_WINDOW / 4 - 1)
  await settle(pair)
  assert.is(received, INITIAL_WINDOW, 'no credit below a quarter of the window')
  held?.consumed(1)
  await settle(pair)
  assert.is(received, INITIAL_WINDOW + INITIAL_WINDOW / 4)
  assert.is(pair.maxInFlight, INITIAL_WINDOW)

  if (held) held.ondata = (chunk) => (received += chunk.length, held?.consumed(chunk.length))
  held?.consumed(INITIAL_WINDOW)
  await until(() => drained && received === 1024 * 1024)
  assert.is(stream.queued, 0)
  assert.is(pair.maxInFlight, INITIAL_WINDOW)
})

test('a writer may reuse its buffer once write returns', async () => {
  let received: Promise<Uint8Array> | undefined
  const pair = muxPair(37, { agent: { onopen: (stream) => (pair.agent.accept(stream), (received = collect(stream))) } })
  const stream = pair.console.open({ tunnel: 'web' })
  const buffer = new Uint8Array(INITIAL_WINDOW / 2 + 1000)
  const sent: Uint8Array[] = []
  for (let i = 1; i <= 3; i++) {
    buffer.fill(i)
    sent.push(buffer.slice())
    stream.write(buffer)
  }
  buffer.fill(0)
  stream.end()
  await until(() => received !== undefined)
  assert.ok(sameBytes(await (received as Promise<Uint8Array>), join(sent)))
})

test('the end comes after every byte, and a stream ended both ways leaves the mux', async () => {
  let agentSide: MuxStream | undefined
  const pair = muxPair(23, { agent: { onopen: (stream) => (pair.agent.accept(stream), (agentSide = stream)) } })
  const stream = pair.console.open({ tunnel: 'web' })
  const bytes = bytesOf(300_000, 5)
  stream.write(bytes)
  stream.end()
  let finished = false
  stream.onfinish = () => (finished = true)
  await settle(pair)
  assert.not.ok(finished, 'the end waits for what the window holds back')
  assert.is(pair.agent.size, 1)
  const events: string[] = []
  let got = 0
  if (agentSide) {
    agentSide.ondata = (chunk) => ((got += chunk.length), agentSide?.consumed(chunk.length))
    agentSide.onend = () => events.push(`end after ${got}`)
  }
  await settle(pair)
  assert.equal(events, ['end after 300000'])
  assert.ok(finished)
  assert.is(pair.console.size, 1, 'half-closed: the agent may still answer')
  agentSide?.write(text.encode('bye'))
  agentSide?.end()
  const answer = await collect(stream)
  assert.is(new TextDecoder().decode(answer), 'bye')
  await settle(pair)
  assert.is(pair.console.size + pair.agent.size, 0)
})

test('data arriving before the consumer is ready waits for it', async () => {
  let opened: MuxStream | undefined
  const pair = muxPair(29, { agent: { onopen: (stream) => (opened = stream) } })
  const stream = pair.console.open({ tunnel: 'ssh' })
  stream.write(text.encode('SSH-2.0-client\r\n'))
  stream.end()
  await settle(pair)
  assert.equal(opened?.header, { tunnel: 'ssh' })
  if (opened) pair.agent.accept(opened)
  const received = await collect(opened as MuxStream)
  assert.is(new TextDecoder().decode(received), 'SSH-2.0-client\r\n')
})

test('the agent sends nothing on a stream before accepting it', async () => {
  let opened: MuxStream | undefined
  const pair = muxPair(31, { agent: { onopen: (stream) => (opened = stream) } })
  const stream = pair.console.open({ tunnel: 'web' })
  const answer = collect(stream)
  await settle(pair)
  opened?.write(text.encode('early'))
  await settle(pair)
  opened?.write(text.encode('late'))
  await settle(pair)
  const before = pair.frames
  let accepted = false
  stream.onaccept = () => (accepted = true)
  opened?.end()
  await settle(pair)
  assert.is(pair.frames, before, 'nothing left before accept')
  if (opened) pair.agent.accept(opened)
  assert.is(new TextDecoder().decode(await answer), 'earlylate')
  assert.ok(accepted)
})

test.run()
