import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { StreamHandlers, StreamRequest } from '../../../src/lib/event-stream'
import { createLive, OFFLINE_AFTER_FAILURES, RETRY_FIRST_MS, RETRY_MAX_MS, type LiveEvent, type LiveState } from '../../../src/stores/live'
import { $unreachable, noteAnswer } from '../../../src/stores/reach'

/** One connection the store opened: what it asked for, its handlers, and whether it was ended. */
interface Connection {
  request: StreamRequest
  handlers: StreamHandlers
  closed: boolean
}

interface Timer {
  run: () => void
  ms: number
  cleared: boolean
}

/**
 * A live store over a fake stream opener and fake retry timers. Global timeouts are recorded too:
 * nanostores ends a store this long (1 s) after its last listener left.
 */
function setup(token: string | null = 'token-1') {
  const connections: Connection[] = []
  const timers: Timer[] = []
  const clock = { now: 1_000_000 }
  const networkListeners = new Set<(online: boolean) => void>()
  const live = createLive({
    network: (changed) => {
      networkListeners.add(changed)
      return () => networkListeners.delete(changed)
    },
    open: (request, handlers) => {
      const connection = { request, handlers, closed: false }
      connections.push(connection)
      return () => {
        connection.closed = true
      }
    },
    url: () => 'https://api.example.com/events',
    token: () => token,
    now: () => clock.now,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false }
      timers.push(timer)
      return timer
    },
    clearTimer: (timer) => {
      if (timer) (timer as Timer).cleared = true
    },
  })
  const last = () => {
    const connection = connections[connections.length - 1]
    if (!connection) throw new Error('no connection opened')
    return connection
  }
  return {
    live,
    /** The device loses (false) or finds (true) its network. */
    network: (online: boolean) => networkListeners.forEach((changed) => changed(online)),
    networkListeners,
    connections,
    timers,
    clock,
    last,
    /** Runs the newest retry timer, as if its wait were over. */
    waitOver: () => {
      const timer = timers[timers.length - 1]
      if (!timer || timer.cleared) throw new Error('no retry pending')
      timer.run()
    },
  }
}

const globalTimeouts: Timer[] = []
const original = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout }
let random = Math.random

test.before.each(() => {
  globalTimeouts.length = 0
  globalThis.setTimeout = ((run: () => void, ms: number) => {
    globalTimeouts.push({ run, ms, cleared: false })
    return globalTimeouts.length
  }) as unknown as typeof setTimeout
  globalThis.clearTimeout = ((id: number) => {
    const entry = globalTimeouts[id - 1]
    if (entry) entry.cleared = true
  }) as typeof clearTimeout
  random = Math.random
})
test.after.each(() => {
  Object.assign(globalThis, original)
  Math.random = random
})

/** Lets the global timeouts run (nanostores' delayed unmount). */
const elapseGlobal = () => globalTimeouts.filter((entry) => !entry.cleared).forEach((entry) => entry.run())

/** Which nominal wait of the backoff `ms` is, allowing the ±25 % jitter; null if none. */
const nominal = (ms: number) => [1000, 2000, 4000].find((n) => ms >= n * 0.75 && ms <= n * 1.25) ?? null

test('waits 1 s before the first retry, at most 5 s, and reads offline after 3 failures', () => {
  assert.is(RETRY_FIRST_MS, 1000)
  assert.is(RETRY_MAX_MS, 5000)
  assert.is(OFFLINE_AFTER_FAILURES, 3)
})

test('opens nothing while nobody listens', () => {
  const { connections } = setup()
  assert.is(connections.length, 0)
})

test('opens the stream with the token when something listens', () => {
  const { live, connections } = setup()
  live.listen(() => undefined)
  assert.equal(
    connections.map(({ request, closed }) => ({ request, closed })),
    [{ request: { url: 'https://api.example.com/events', headers: { Authorization: 'Bearer token-1' } }, closed: false }],
  )
})

test('opens nothing without a token', () => {
  const { live, connections } = setup(null)
  live.listen(() => undefined)
  assert.is(connections.length, 0)
})

test('opens one stream for several listeners and closes it once none is left', () => {
  const { live, connections } = setup()
  const stopOne = live.listen(() => undefined)
  const stopTwo = live.listen(() => undefined)
  stopOne()
  elapseGlobal()
  assert.equal(
    connections.map(({ closed }) => closed),
    [false],
  )
  stopTwo()
  elapseGlobal()
  assert.equal(
    connections.map(({ closed }) => closed),
    [true],
  )
})

test('goes from connecting to live when the stream opens, noting the time', () => {
  const { live, last, clock } = setup()
  const seen: unknown[] = []
  live.$state.listen((value) => seen.push({ ...value }))
  assert.equal(live.$state.get(), { state: 'connecting', lastEventAt: null })
  clock.now = 1_000_500
  last().handlers.onOpen()
  assert.equal(seen, [{ state: 'live', lastEventAt: 1_000_500 }])
})

test('passes change, device and reset events to every listener', () => {
  const { live, last } = setup()
  const first: LiveEvent[] = []
  const second: LiveEvent[] = []
  live.listen((event) => first.push(event))
  live.listen((event) => second.push(event))
  const { onOpen, onMessage } = last().handlers
  onOpen()
  onMessage({ event: 'change', id: '1', data: JSON.stringify({ collection: 'devices', id: 'd-1', action: 'update', version: 3 }) })
  onMessage({ event: 'device', id: '2', data: JSON.stringify({ id: 'd-1', status: 'offline', last_seen: null }) })
  onMessage({ event: 'reset', data: '' })
  const expected: LiveEvent[] = [
    { type: 'change', data: { collection: 'devices', id: 'd-1', action: 'update', version: 3 } },
    { type: 'device', data: { id: 'd-1', status: 'offline', last_seen: null } },
    { type: 'reset' },
  ]
  assert.equal(first, expected)
  assert.equal(second, expected)
})

test("passes a bulk job's progress on as it comes", () => {
  const { live, last } = setup()
  const seen: LiveEvent[] = []
  live.listen((event) => seen.push(event))
  last().handlers.onOpen()
  last().handlers.onMessage({ event: 'bulk', id: '3', data: JSON.stringify({ id: 'j-1', collection: 'devices', status: 'running', done: 120, count: 240 }) })
  assert.equal(seen, [{ type: 'bulk', data: { id: 'j-1', collection: 'devices', status: 'running', done: 120, count: 240 } }])
})

test('passes on no other event and no line that is not JSON', () => {
  const { live, last } = setup()
  const seen: LiveEvent[] = []
  live.listen((event) => seen.push(event))
  last().handlers.onMessage({ event: 'presence', data: '{"users":[]}' })
  last().handlers.onMessage({ event: 'message', data: 'hello' })
  last().handlers.onMessage({ event: 'change', data: '{not json' })
  assert.equal(seen, [])
})

test('stops passing events to a listener that left', () => {
  const { live, last } = setup()
  const seen: LiveEvent[] = []
  const stop = live.listen((event) => seen.push(event))
  live.listen(() => undefined)
  last().handlers.onMessage({ event: 'reset', data: '' })
  stop()
  last().handlers.onMessage({ event: 'reset', data: '' })
  assert.equal(seen, [{ type: 'reset' }])
})

test('retries a lost stream with waits doubling from 1 s up to 5 s', () => {
  const { live, last, timers, waitOver, connections } = setup()
  Math.random = () => 0.5
  live.listen(() => undefined)
  for (let round = 0; round < 8; round++) {
    last().handlers.onClose(0)
    waitOver()
  }
  assert.equal(
    timers.map(({ ms }) => ms),
    [1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000],
  )
  assert.is(connections.length, 9)
})

test('spreads each wait by at most a quarter either way', () => {
  const { live, last, timers, waitOver } = setup()
  live.listen(() => undefined)
  for (const draw of [0, 0.999_999, 0.5]) {
    Math.random = () => draw
    last().handlers.onClose(0)
    waitOver()
  }
  assert.equal(
    timers.map(({ ms }) => Math.round(ms)),
    [750, 2500, 4000],
  )
})

test('starts the waits again at 1 s once a retry gets through', () => {
  const { live, last, timers, waitOver } = setup()
  live.listen(() => undefined)
  last().handlers.onClose(0)
  waitOver()
  last().handlers.onClose(0)
  waitOver()
  last().handlers.onOpen()
  last().handlers.onClose(0)
  assert.equal(
    timers.map(({ ms }) => nominal(ms)),
    [1000, 2000, 1000],
  )
})

test('resumes from the last event id on reconnect', () => {
  const { live, connections, waitOver } = setup()
  live.listen(() => undefined)
  const first = connections[0]!
  first.handlers.onOpen()
  first.handlers.onMessage({ event: 'change', id: 'ev-41', data: '{}' })
  first.handlers.onMessage({ event: 'presence', id: 'ev-42', data: '{}' })
  first.handlers.onClose(0)
  waitOver()
  assert.equal(
    connections.map(({ request }) => request.headers),
    [{ Authorization: 'Bearer token-1' }, { Authorization: 'Bearer token-1', 'Last-Event-ID': 'ev-42' }],
  )
})

test('asks listeners to read afresh when a stream lost before any event comes back', () => {
  const { live, last, waitOver } = setup()
  const seen: LiveEvent[] = []
  live.listen((event) => seen.push(event))
  last().handlers.onOpen()
  last().handlers.onClose(200)
  waitOver()
  last().handlers.onClose(0)
  waitOver()
  assert.equal(seen, [])
  last().handlers.onOpen()
  assert.equal(seen, [{ type: 'reset' }])
})

test('leaves the catch-up to the server when it resumes from an event id', () => {
  const { live, last, waitOver } = setup()
  const seen: LiveEvent[] = []
  live.listen((event) => seen.push(event))
  last().handlers.onOpen()
  last().handlers.onMessage({ event: 'presence', id: 'ev-7', data: '{}' })
  last().handlers.onClose(200)
  waitOver()
  last().handlers.onOpen()
  assert.equal(seen, [])
  last().handlers.onMessage({ event: 'reset', data: '{}' })
  assert.equal(seen, [{ type: 'reset' }])
})

test('asks for no reset on the first open, nor on a reopen by retry without a loss', () => {
  const { live, last, connections } = setup()
  const seen: LiveEvent[] = []
  live.listen((event) => seen.push(event))
  last().handlers.onOpen()
  live.retry()
  last().handlers.onOpen()
  assert.is(connections.length, 2)
  assert.equal(seen, [])
})

test('asks for one reset per loss, however many retries it took', () => {
  const { live, last, waitOver } = setup()
  const seen: LiveEvent[] = []
  live.listen((event) => seen.push(event))
  last().handlers.onOpen()
  for (let round = 0; round < 4; round++) {
    last().handlers.onClose(0)
    waitOver()
  }
  last().handlers.onOpen()
  last().handlers.onClose(0)
  waitOver()
  last().handlers.onOpen()
  assert.equal(seen, [{ type: 'reset' }, { type: 'reset' }])
})

test('reads reconnecting after a failure and offline after 3 in a row', () => {
  const { live, last, waitOver } = setup()
  const seen: LiveState[] = []
  live.$state.listen(({ state }) => seen.push(state))
  last().handlers.onOpen()
  for (let round = 0; round < 4; round++) {
    last().handlers.onClose(0)
    waitOver()
  }
  last().handlers.onOpen()
  assert.equal(seen, ['live', 'reconnecting', 'reconnecting', 'offline', 'offline', 'live'])
})

for (const status of [401, 403]) {
  test(`stops retrying on ${status}`, () => {
    const { live, last, timers, connections } = setup()
    live.listen(() => undefined)
    last().handlers.onClose(status)
    assert.is(live.$state.get().state, 'offline')
    assert.equal(timers, [])
    assert.is(connections.length, 1)
  })
}

test('retry reconnects at once and drops the pending wait', () => {
  const { live, last, timers, connections } = setup()
  const seen: LiveState[] = []
  live.$state.listen(({ state }) => seen.push(state))
  last().handlers.onClose(0)
  live.retry()
  assert.is(connections.length, 2)
  assert.equal(
    timers.map(({ cleared }) => cleared),
    [true],
  )
  last().handlers.onOpen()
  assert.equal(seen, ['reconnecting', 'connecting', 'live'])
})

test('hanging up ends the stream under way and its pending retry, and opens nothing more', () => {
  const { live, last, timers, connections } = setup()
  live.listen(() => undefined)
  const first = last()
  first.handlers.onClose(0)
  live.retry()
  const second = last()
  live.hangUp()
  assert.ok(second.closed, 'the connection under way is ended')
  assert.ok(timers.every(({ cleared }) => cleared), 'no retry is left pending')
  assert.is(live.$retryAt.get(), null)
  assert.is(connections.length, 2)
})

test('retry after 401 tries again with the token it has now', () => {
  const { live, last, connections } = setup()
  live.listen(() => undefined)
  last().handlers.onClose(401)
  live.retry()
  assert.is(connections.length, 2)
  assert.is(live.$state.get().state, 'connecting')
})

test('retry ends an open stream before opening the next', () => {
  const { live, connections } = setup()
  live.listen(() => undefined)
  live.retry()
  assert.equal(
    connections.map(({ closed }) => closed),
    [true, false],
  )
})

test('a stream that closes after the last listener left is not retried', () => {
  const { live, connections, timers } = setup()
  const stop = live.listen(() => undefined)
  const first = connections[0]!
  stop()
  elapseGlobal()
  first.handlers.onClose(0)
  assert.equal(timers.filter(({ cleared }) => !cleared), [])
  assert.is(connections.length, 1)
})

test('the device losing its network reads not live at once and waits; back, it reconnects at once from the last event', () => {
  const { live, last, connections, timers, network } = setup()
  live.listen(() => undefined)
  last().handlers.onOpen()
  last().handlers.onMessage({ event: 'change', id: '41', data: JSON.stringify({ collection: 'devices', id: 'd-1', action: 'update', version: 3 }) })
  assert.is(live.$state.get().state, 'live')
  network(false)
  assert.is(live.$state.get().state, 'offline', 'no "Live" while the device has no network')
  assert.is(connections[0]!.closed, true)
  assert.equal(timers.filter(({ cleared }) => !cleared), [], 'no retry while offline')
  network(true)
  assert.is(connections.length, 2)
  assert.is(live.$state.get().state, 'connecting')
  assert.is(last().request.headers['Last-Event-ID'], '41')
})

test('network changes after the last listener left open nothing', () => {
  const { live, connections, network, networkListeners } = setup()
  const stop = live.listen(() => undefined)
  stop()
  elapseGlobal()
  assert.is(networkListeners.size, 0)
  network(true)
  assert.is(connections.length, 1)
})

test('a stream that cannot connect again and again says the server is out of reach and when it tries next; connecting again ends it', () => {
  noteAnswer(200)
  const { live, last, timers, clock, waitOver } = setup()
  live.listen(() => undefined)
  last().handlers.onOpen()
  assert.is(live.$retryAt.get(), null)
  for (let failure = 1; failure <= OFFLINE_AFTER_FAILURES; failure++) {
    last().handlers.onClose(0)
    assert.is($unreachable.get(), failure === OFFLINE_AFTER_FAILURES, `after ${failure} failure(s)`)
    assert.is(live.$retryAt.get(), clock.now + (timers[timers.length - 1]?.ms ?? NaN))
    waitOver()
  }
  last().handlers.onOpen()
  assert.is($unreachable.get(), false)
  assert.is(live.$retryAt.get(), null)
})

test('an answer that did not come, or came from a proxy saying the server is gone, reads as out of reach; any other as back', () => {
  for (const [status, away] of [[0, true], [200, false], [503, true], [404, false], [502, true], [500, false], [504, true], [401, false]] as const) {
    noteAnswer(status)
    assert.is($unreachable.get(), away, String(status))
  }
})

test.run()
