/**
 * A Node `Duplex` over one stream of the tunnel wire, for the server and the agent (both on Node):
 * what the reader takes is what the peer may send again, and a write waits while the peer's window
 * is spent.
 */
import { Duplex } from 'node:stream'
import type { MuxStream } from './tunnel-wire'

type Done = (error?: Error | null) => void

/** A Duplex whose reading side is the peer's bytes and writing side goes to the peer, with back-pressure both ways. */
export function streamDuplex(stream: MuxStream): Duplex {
  let peerReset = false
  /** The reader asked to stop: bytes pushed since are granted when it reads again. */
  let paused = false
  let ungranted = 0
  let waiting: Done | undefined
  let finishing: Done | undefined

  const grant = () => {
    if (paused || !ungranted) return
    const bytes = ungranted
    ungranted = 0
    stream.consumed(bytes)
  }

  const duplex = new Duplex({
    allowHalfOpen: true,
    read() {
      paused = false
      grant()
    },
    write(chunk: Buffer, _encoding, done: Done) {
      if (stream.write(chunk)) done()
      else waiting = done
    },
    final(done: Done) {
      if (stream.closed) return done()
      finishing = done
      stream.end()
    },
    destroy(error, done: Done) {
      if (!peerReset) stream.reset(error?.message || 'closed')
      const pending = [waiting, finishing]
      waiting = finishing = undefined
      for (const callback of pending) callback?.(error ?? new Error('closed'))
      done(error)
    },
  })

  stream.ondrain = () => {
    const done = waiting
    waiting = undefined
    done?.()
  }
  stream.onfinish = () => {
    const done = finishing
    finishing = undefined
    done?.()
  }
  stream.ondata = (chunk) => {
    if (duplex.destroyed) return
    ungranted += chunk.length
    if (!duplex.push(chunk)) paused = true
    grant()
  }
  stream.onend = () => {
    if (!duplex.destroyed) duplex.push(null)
  }
  stream.onreset = (reason) => {
    peerReset = true
    duplex.destroy(new Error(reason))
  }
  return Object.assign(duplex, socketMethods)
}

/** What `http.request` may call on the socket it is given: the wire has no such settings. */
const socketMethods = {
  setTimeout(this: Duplex) {
    return this
  },
  setNoDelay(this: Duplex) {
    return this
  },
  setKeepAlive(this: Duplex) {
    return this
  },
  ref(this: Duplex) {
    return this
  },
  unref(this: Duplex) {
    return this
  },
}
