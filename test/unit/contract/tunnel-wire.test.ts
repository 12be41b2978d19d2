import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  decodeFrame,
  encodeFrame,
  FRAME,
  INITIAL_WINDOW,
  LINK_LOST,
  MAX_DATA,
  MAX_STREAMS,
  Mux,
  type MuxStream,
} from '../../../src/contract/tunnel-wire'
import { muxPair, settle } from './tunnel-pair'

const text = new TextEncoder()
const json = (value: unknown) => text.encode(JSON.stringify(value))

test('a frame survives encoding and decoding', () => {
  const frame = encodeFrame(FRAME.data, 0xfffffffe, new Uint8Array([1, 2, 3]))
  assert.equal([...frame.subarray(0, 5)], [FRAME.data, 0xff, 0xff, 0xff, 0xfe])
  const decoded = decodeFrame(frame)
  assert.is(decoded?.type, FRAME.data)
  assert.is(decoded?.stream, 0xfffffffe)
  assert.equal([...(decoded?.payload ?? [])], [1, 2, 3])
  assert.is(decodeFrame(encodeFrame(FRAME.end, 3))?.type, FRAME.end)
})

test('decodeFrame refuses what the wire does not speak', () => {
  const window = (size: number) => encodeFrame(FRAME.window, 1, new Uint8Array(size))
  for (const [name, bytes] of [
    ['too short', new Uint8Array([FRAME.data, 0, 0, 1])],
    ['unknown type', encodeFrame(9, 1)],
    ['type zero', encodeFrame(0, 1)],
    ['data on the control stream', encodeFrame(FRAME.data, 0, new Uint8Array(1))],
    ['control on a stream', encodeFrame(FRAME.control, 1, json({}))],
    ['empty data', encodeFrame(FRAME.data, 1)],
    ['data past MAX_DATA', encodeFrame(FRAME.data, 1, new Uint8Array(MAX_DATA + 1))],
    ['a short window', window(3)],
    ['a long window', window(5)],
    ['accept with a payload', encodeFrame(FRAME.accept, 1, new Uint8Array(1))],
    ['end with a payload', encodeFrame(FRAME.end, 1, new Uint8Array(1))],
    ['a long reason', encodeFrame(FRAME.reset, 1, new Uint8Array(201))],
  ] as const) {
    assert.is(decodeFrame(bytes), undefined, name)
  }
  assert.ok(decodeFrame(encodeFrame(FRAME.data, 1, new Uint8Array(MAX_DATA))))
  assert.ok(decodeFrame(window(4)))
})

test('an open beyond MAX_STREAMS is reset busy', async () => {
  const pair = muxPair(11, { agent: { onopen: (stream) => pair.agent.accept(stream) } })
  const reasons: string[] = []
  const streams = Array.from({ length: MAX_STREAMS + 1 }, (_, i) => {
    const stream = pair.console.open({ tunnel: `t${i}` })
    stream.onreset = (reason) => reasons.push(`${i}: ${reason}`)
    return stream
  })
  await settle(pair)
  assert.equal(reasons, [`${MAX_STREAMS}: busy`])
  assert.is(pair.agent.size, MAX_STREAMS)
  assert.is(pair.console.size, MAX_STREAMS)

  streams[0]?.reset('done')
  await settle(pair)
  const more = pair.console.open({ tunnel: 'again' })
  let accepted = false
  more.onaccept = () => (accepted = true)
  await settle(pair)
  assert.ok(accepted, 'a freed place takes a new stream')
})

test('a malformed frame closes the mux and resets every stream', async () => {
  const closed: string[] = []
  const agentResets: string[] = []
  const pair = muxPair(13, {
    agent: {
      onopen: (stream) => {
        pair.agent.accept(stream)
        stream.onreset = (reason) => agentResets.push(reason)
      },
      onclose: (reason) => closed.push(reason),
    },
  })
  for (let i = 0; i < 3; i++) pair.console.open({ tunnel: `t${i}` })
  await settle(pair)
  assert.is(pair.agent.size, 3)
  pair.agent.receive(new Uint8Array([FRAME.data, 0, 0]))
  assert.equal(agentResets, ['protocol error', 'protocol error', 'protocol error'])
  assert.equal(closed, ['protocol error'])
  assert.is(pair.agent.size, 0)
  assert.is(pair.agent.closed, 'protocol error')

  pair.agent.receive(encodeFrame(FRAME.open, 99, json({ tunnel: 'late' })))
  assert.is(pair.agent.size, 0, 'frames after the close are ignored')
  const late = pair.agent.open({ tunnel: 'x' })
  let reason = ''
  late.onreset = (why) => (reason = why)
  assert.is(reason, 'protocol error')
})

/** A bare agent-side mux fed frames by hand; returns what breached it. */
function breach(frames: Uint8Array[]) {
  let closed = ''
  const mux = new Mux({ send: () => {}, initiator: false, onopen: (stream) => mux.accept(stream), onclose: (reason) => (closed = reason) })
  for (const frame of frames) mux.receive(frame)
  return closed
}

test('a breach of the protocol closes the mux', () => {
  const open = (id: number) => encodeFrame(FRAME.open, id, json({ tunnel: 'web' }))
  const data = (id: number, size: number) => encodeFrame(FRAME.data, id, new Uint8Array(size))
  const full = Array.from({ length: INITIAL_WINDOW / MAX_DATA }, () => data(1, MAX_DATA))
  assert.is(breach([open(1), ...full]), '', 'a full window is fine')
  assert.is(breach([open(1), ...full, data(1, 1)]), 'protocol error', 'data past the window')
  assert.is(breach([open(2)]), 'protocol error', 'an open of our own parity')
  assert.is(breach([open(1), open(1)]), 'protocol error', 'a reused id')
  assert.is(breach([open(3), open(1)]), 'protocol error', 'an id going back')
  assert.is(breach([encodeFrame(FRAME.open, 1, text.encode('{no'))]), 'protocol error', 'a header that is not JSON')
  assert.is(breach([encodeFrame(FRAME.control, 0, text.encode('no'))]), 'protocol error', 'control that is not JSON')
  assert.is(breach([open(1), encodeFrame(FRAME.end, 1), data(1, 1)]), 'protocol error', 'data after the end')
  assert.is(breach([open(1), encodeFrame(FRAME.window, 1, new Uint8Array([0, 0, 0, 1]))]), 'protocol error', 'credit never spent')
  assert.is(breach([open(1), encodeFrame(FRAME.accept, 1)]), 'protocol error', 'accepting our own acceptance')
  assert.is(breach([data(5, 10), encodeFrame(FRAME.end, 7), encodeFrame(FRAME.reset, 9, text.encode('gone'))]), '', 'unknown streams are ignored')
})

test('any sequence of frames from a peer is taken or closes the mux, never throws', () => {
  const frame = fc.oneof(
    fc.uint8Array({ maxLength: 12 }),
    fc
      .record({ type: fc.integer({ min: 0, max: 8 }), stream: fc.integer({ min: 0, max: 6 }), payload: fc.uint8Array({ maxLength: 40 }) })
      .map(({ type, stream, payload }) => encodeFrame(type, stream, type === FRAME.open ? json({ tunnel: 'web' }) : payload)),
  )
  fc.assert(
    fc.property(fc.array(frame, { maxLength: 30 }), fc.boolean(), (frames, initiator) => {
      let closed = ''
      const mux = new Mux({ send: () => {}, initiator, onopen: (stream) => mux.accept(stream), onclose: (reason) => (closed = reason) })
      for (const bytes of frames) mux.receive(bytes)
      assert.ok(closed === '' || (closed === 'protocol error' && mux.size === 0))
      assert.ok(mux.size <= frames.length)
    }),
    { seed: 4711, numRuns: 500 },
  )
})

test('a socket that refuses a frame closes the mux', () => {
  let refuse = false
  const closed: string[] = []
  const mux = new Mux({
    send: () => {
      if (refuse) throw new Error('WebSocket is not open')
    },
    initiator: true,
    onclose: (reason) => closed.push(reason),
  })
  const stream = mux.open({ tunnel: 'web' })
  const heard: string[] = []
  stream.onreset = (reason) => heard.push(reason)
  refuse = true
  assert.ok(stream.write(new Uint8Array(10)))
  assert.equal(heard, [LINK_LOST])
  assert.equal(closed, [LINK_LOST])
  assert.is(mux.size, 0)
  mux.close('again')
  assert.equal(closed, [LINK_LOST], 'closes once')
})

test('a reset from either side reaches the other with its reason', async () => {
  const agentStreams: MuxStream[] = []
  const heard: string[] = []
  const pair = muxPair(17, {
    agent: {
      onopen: (stream) => {
        pair.agent.accept(stream)
        agentStreams.push(stream)
        stream.onreset = (reason) => heard.push(`agent ${stream.id}: ${reason}`)
      },
    },
  })
  const first = pair.console.open({ tunnel: 'a' })
  const second = pair.console.open({ tunnel: 'b' })
  for (const stream of [first, second]) stream.onreset = (reason) => heard.push(`console ${stream.id}: ${reason}`)
  await settle(pair)
  first.reset('client went away')
  agentStreams[1]?.reset('connection refused by 127.0.0.1:8080')
  await settle(pair)
  assert.equal(heard.sort(), ['agent 1: client went away', 'console 3: connection refused by 127.0.0.1:8080'])
  assert.is(pair.console.size + pair.agent.size, 0)

  const long = pair.console.open({ tunnel: 'c' })
  let reason = ''
  long.onreset = (why) => (reason = why)
  await settle(pair)
  agentStreams[2]?.reset('é'.repeat(150))
  await settle(pair)
  assert.is(reason, 'é'.repeat(100), 'cut to 200 bytes, whole characters')
})

test('control messages go both ways', async () => {
  const heard: unknown[] = []
  const pair = muxPair(19, {
    console: { oncontrol: (message) => heard.push(['console', message]) },
    agent: { oncontrol: (message) => heard.push(['agent', message]) },
  })
  const config = { type: 'tunnels', tunnels: [{ id: 't1', protocol: 'http', host: '127.0.0.1', port: 8080 }] }
  pair.console.control(config)
  pair.agent.control({ type: 'hello' })
  await settle(pair)
  assert.equal(heard.sort(), [['agent', config], ['console', { type: 'hello' }]])
})

test.run()
