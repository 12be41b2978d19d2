import { decodeFrame, FRAME, Mux, readWindow, type MuxOptions, type MuxStream } from '../../../src/contract/tunnel-wire'

/** A small seeded generator (mulberry32): the same seed, the same interleavings. */
export function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type Side = 'console' | 'agent'
type Handlers = Pick<MuxOptions, 'onopen' | 'oncontrol' | 'onclose'>

/**
 * A console's mux and an agent's wired back to back. Frames wait in one queue per direction (a
 * WebSocket keeps order) and are delivered later, a random batch at a time from a random direction,
 * so the two sides interleave as the seed decides. It counts each stream's bytes in flight: data
 * sent and not yet granted back by a window frame.
 */
export function muxPair(seed: number, handlers: Partial<Record<Side, Handlers>> = {}) {
  const next = random(seed)
  const queues: Record<Side, Uint8Array[]> = { console: [], agent: [] }
  const inFlight = new Map<string, number>()
  let maxInFlight = 0
  let scheduled = false
  let frames = 0
  const other = (side: Side): Side => (side === 'console' ? 'agent' : 'console')

  const pump = () => {
    scheduled = false
    const sides = (['console', 'agent'] as const).filter((side) => queues[side].length)
    const side = sides[Math.floor(next() * sides.length)]
    if (!side) return
    const batch = 1 + Math.floor(next() * 8)
    for (let i = 0; i < batch && queues[side].length; i++) {
      const frame = queues[side].shift() as Uint8Array
      const decoded = decodeFrame(frame)
      // A window frame arriving at a side gives back credit that side spent.
      if (decoded?.type === FRAME.window) {
        const key = `${side}:${decoded.stream}`
        inFlight.set(key, (inFlight.get(key) ?? 0) - readWindow(decoded.payload))
      }
      mux[side].receive(frame)
    }
    schedule()
  }
  const schedule = () => {
    if (scheduled || (!queues.console.length && !queues.agent.length)) return
    scheduled = true
    setImmediate(pump)
  }
  const sender = (from: Side) => (frame: Uint8Array) => {
    frames++
    const decoded = decodeFrame(frame)
    if (decoded?.type === FRAME.data) {
      const key = `${from}:${decoded.stream}`
      const now = (inFlight.get(key) ?? 0) + decoded.payload.length
      inFlight.set(key, now)
      maxInFlight = Math.max(maxInFlight, now)
    }
    queues[other(from)].push(frame)
    schedule()
  }
  const mux: Record<Side, Mux> = {
    console: new Mux({ send: sender('console'), initiator: true, ...handlers.console }),
    agent: new Mux({ send: sender('agent'), initiator: false, ...handlers.agent }),
  }
  return {
    ...mux,
    /** The most bytes any stream had in flight at once. */
    get maxInFlight() {
      return maxInFlight
    },
    get frames() {
      return frames
    },
    /** Frames still on their way. */
    get pending() {
      return queues.console.length + queues.agent.length
    },
  }
}

/** Waits until `done()` holds, letting frames flow; fails after `turns` rounds of the event loop. */
export async function until(done: () => boolean, turns = 20_000) {
  for (let turn = 0; turn < turns; turn++) {
    if (done()) return
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error('never happened')
}

/** Lets every frame on its way arrive, and what they set off. */
export async function settle(pair: { pending: number }) {
  for (let quiet = 0; quiet < 3; ) {
    await new Promise((resolve) => setImmediate(resolve))
    quiet = pair.pending ? 0 : quiet + 1
  }
}

/** Bytes from a seed, to send and compare. */
export function bytesOf(size: number, seed: number) {
  const next = random(seed)
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i++) bytes[i] = Math.floor(next() * 256)
  return bytes
}

/** Writes `bytes` in chunks of the sizes given (cycled), waiting for ondrain whenever write says so; then ends. */
export async function writeAll(stream: MuxStream, bytes: Uint8Array, sizes: number[]) {
  let at = 0
  for (let i = 0; at < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length] ?? 1)
    const chunk = bytes.slice(at, at + size)
    at += chunk.length
    if (!stream.write(chunk)) await new Promise<void>((resolve) => (stream.ondrain = resolve))
  }
  stream.end()
}

/** Collects what a stream receives, consuming it at once; resolves at the peer's end. */
export function collect(stream: MuxStream) {
  const chunks: Uint8Array[] = []
  const ended = new Promise<Uint8Array>((resolve, reject) => {
    stream.ondata = (chunk) => {
      chunks.push(chunk.slice())
      stream.consumed(chunk.length)
    }
    stream.onend = () => resolve(join(chunks))
    stream.onreset = (reason) => reject(new Error(reason))
  })
  return ended
}

export function join(chunks: Uint8Array[]) {
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    all.set(chunk, at)
    at += chunk.length
  }
  return all
}

/** Equal bytes, compared without printing megabytes on failure. */
export const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])
