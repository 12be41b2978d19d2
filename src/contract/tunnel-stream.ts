// One stream of the tunnel wire: what it may send (the peer's window), what it holds for its consumer,
// and how it ends (half-closes both ways, or a reset either way).
import { FRAME, INITIAL_WINDOW, MAX_DATA, MAX_REASON, utf8Cut, windowBytes } from './tunnel-frame'

export interface MuxStream {
  readonly id: number
  /** JSON header sent with `open` (e.g. a StreamOpen). */
  readonly header: unknown
  /** Queues bytes; they leave as the peer's window allows, in frames of MAX_DATA. Returns false when more than INITIAL_WINDOW waits unsent (the caller should wait for ondrain). */
  write(chunk: Uint8Array): boolean
  /** Half-closes our side after what was written has left. */
  end(): void
  /** Ends both sides at once, telling the peer why (a short reason). */
  reset(reason: string): void
  /** The consumer has taken n received bytes: the peer may send that much more (window). */
  consumed(n: number): void
  /** Bytes written and not yet sent (waiting for the peer's window). */
  readonly queued: number
  /** Gone from its mux: both sides ended, or reset either way. */
  readonly closed: boolean
  /** Received data is kept until this is set, then handed over in order. */
  ondata?: (chunk: Uint8Array) => void
  /** The peer half-closed; fires after every byte it sent went to ondata. */
  onend?: () => void
  /** The peer reset the stream, or the mux closed; fires at once when set on a stream already reset that way. */
  onreset?: (reason: string) => void
  /** What waited unsent has left. */
  ondrain?: () => void
  /** (opener only) the peer accepted. */
  onaccept?: () => void
  /** Our `end` has left: every byte written was sent. */
  onfinish?: () => void
}

/** What a stream needs of its mux. */
export interface StreamLink {
  send(type: number, stream: number, payload?: Uint8Array): void
  /** The stream is over on both sides: forget it. */
  remove(stream: Stream): void
}

const GRANT_AT = INITIAL_WINDOW / 4
const EMPTY = new Uint8Array(0)

/** One stream of a mux: sends within the peer's window, holds received data until its consumer takes it. */
export class Stream implements MuxStream {
  /** Ours to send data on: the opener at once, the other side once it accepted. */
  private sending: boolean
  private accepted = false
  private credit = INITIAL_WINDOW
  private readonly outbox: Uint8Array[] = []
  queued = 0
  private waitingDrain = false
  private ending = false
  private ended = false
  private peerEnded = false
  closed = false
  private resetReason: string | undefined
  /** What the peer may still send, what arrived and was not consumed, what was consumed and not granted. */
  private allowance = INITIAL_WINDOW
  private held = 0
  private ungranted = 0
  private readonly inbox: Uint8Array[] = []
  private endArrived = false
  private dataHandler?: (chunk: Uint8Array) => void
  private endHandler?: () => void
  private resetHandler?: (reason: string) => void
  ondrain?: () => void
  onaccept?: () => void
  onfinish?: () => void

  constructor(
    private readonly link: StreamLink,
    readonly id: number,
    readonly header: unknown,
    readonly opener: boolean,
  ) {
    this.sending = opener
  }

  get ondata() {
    return this.dataHandler
  }
  set ondata(handler) {
    this.dataHandler = handler
    this.deliver()
  }
  get onend() {
    return this.endHandler
  }
  set onend(handler) {
    this.endHandler = handler
    this.deliver()
  }
  get onreset() {
    return this.resetHandler
  }
  set onreset(handler) {
    this.resetHandler = handler
    if (handler && this.resetReason !== undefined) handler(this.resetReason)
  }

  write(chunk: Uint8Array): boolean {
    if (this.closed || this.ending) return true
    if (chunk.length) {
      this.outbox.push(chunk)
      this.queued += chunk.length
      this.flush()
      // What waits is copied: the writer may reuse its buffer once told the write went through.
      const last = this.outbox.length - 1
      if (last >= 0) this.outbox[last] = (this.outbox[last] as Uint8Array).slice()
    }
    if (this.queued > INITIAL_WINDOW) this.waitingDrain = true
    return this.queued <= INITIAL_WINDOW
  }

  end() {
    if (this.closed || this.ending) return
    this.ending = true
    this.flush()
  }

  reset(reason: string) {
    if (this.closed) return
    this.close()
    this.link.send(FRAME.reset, this.id, utf8Cut(reason, MAX_REASON))
  }

  consumed(n: number) {
    const taken = Math.min(Math.max(0, Math.floor(n)), this.held)
    this.held -= taken
    this.ungranted += taken
    if (this.closed || this.peerEnded || this.ungranted < GRANT_AT) return
    this.allowance += this.ungranted
    this.link.send(FRAME.window, this.id, windowBytes(this.ungranted))
    this.ungranted = 0
  }

  /** We accept the peer's opening: our data may leave. */
  accept() {
    if (this.opener || this.accepted || this.closed) return
    this.accepted = this.sending = true
    this.link.send(FRAME.accept, this.id)
    this.flush()
  }

  /** The peer accepted our opening; false when that breaks the protocol. */
  acceptedByPeer(): boolean {
    if (!this.opener || this.accepted) return false
    this.accepted = true
    this.onaccept?.()
    return true
  }

  /** Data from the peer; false when it breaks the protocol (past its window, or after its end). */
  receiveData(payload: Uint8Array): boolean {
    if (this.peerEnded || payload.length > this.allowance) return false
    this.allowance -= payload.length
    this.held += payload.length
    this.inbox.push(payload)
    this.deliver()
    return true
  }

  /** More credit from the peer; false when it grants more than was ever spent. */
  receiveWindow(increment: number): boolean {
    if (increment === 0 || this.credit + increment > INITIAL_WINDOW) return false
    this.credit += increment
    this.flush()
    return true
  }

  receiveEnd(): boolean {
    if (this.peerEnded) return false
    this.peerEnded = this.endArrived = true
    this.deliver()
    if (this.ended) this.finish()
    return true
  }

  /** The peer reset the stream, or the mux closed under it. */
  receiveReset(reason: string) {
    if (this.closed) return
    this.close()
    this.resetReason = reason
    this.resetHandler?.(reason)
  }

  private deliver() {
    while (this.dataHandler && this.inbox.length) this.dataHandler(this.inbox.shift() ?? EMPTY)
    if (this.endArrived && !this.inbox.length && this.endHandler) {
      this.endArrived = false
      this.endHandler()
    }
  }

  private flush() {
    if (!this.sending || this.closed) return
    while (this.outbox.length && this.credit > 0) {
      const head = this.outbox[0] as Uint8Array
      const size = Math.min(head.length, this.credit, MAX_DATA)
      const piece = size === head.length ? head : head.subarray(0, size)
      if (size === head.length) this.outbox.shift()
      else this.outbox[0] = head.subarray(size)
      this.credit -= size
      this.queued -= size
      this.link.send(FRAME.data, this.id, piece)
      if (this.closed) return
    }
    if (this.outbox.length) return
    if (this.waitingDrain) {
      this.waitingDrain = false
      this.ondrain?.()
    }
    if (this.ending && !this.ended && !this.closed) {
      this.ended = true
      this.link.send(FRAME.end, this.id)
      this.onfinish?.()
      if (this.peerEnded) this.finish()
    }
  }

  private finish() {
    if (this.closed) return
    this.closed = true
    this.link.remove(this)
  }

  private close() {
    this.closed = true
    this.endArrived = false
    this.outbox.length = this.inbox.length = this.queued = 0
    this.link.remove(this)
  }
}
