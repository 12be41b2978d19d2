/**
 * The wire between a device's agent and the console: one WebSocket carries many streams (one per
 * HTTP request or TCP connection through a tunnel), each with its own flow control, plus a control
 * stream (id 0) of JSON messages. Pure TypeScript: the owner hands frames to and from its socket.
 */
import { decodeFrame, encodeFrame, FRAME, jsonBytes, MAX_REASON, MAX_STREAMS, parseJson, readWindow, decodeText, utf8Cut } from './tunnel-frame'
import { Stream, type MuxStream, type StreamLink } from './tunnel-stream'

export * from './tunnel-frame'
export type { MuxStream } from './tunnel-stream'

export interface MuxOptions {
  /** Hands a frame to the WebSocket. */
  send: (frame: Uint8Array) => void
  /** The console opens odd ids (initiator=true), the agent even ones. */
  initiator: boolean
  /** The peer opened a stream: call accept(stream) or stream.reset(reason). */
  onopen?: (stream: MuxStream) => void
  /** A control message (JSON on stream 0). */
  oncontrol?: (message: unknown) => void
  /** The mux closed (a protocol breach, or `close`): the owner closes the WebSocket. */
  onclose?: (reason: string) => void
}

const MAX_ID = 0xffffffff
/** Why streams hear of a breach of the protocol by the peer. */
export const PROTOCOL_ERROR = 'protocol error'
/** Why streams hear of a WebSocket that would not take a frame. */
export const LINK_LOST = 'link lost'

/** Many streams over one WebSocket, each flow-controlled on its own. */
export class Mux {
  private readonly streams = new Map<number, Stream>()
  private nextId: number
  /** The highest id the peer opened: a new one must be above it. */
  private peerId = 0
  private closedFor: string | undefined
  private readonly link: StreamLink

  constructor(private readonly options: MuxOptions) {
    this.nextId = options.initiator ? 1 : 2
    this.link = {
      send: (type, stream, payload) => {
        if (this.closedFor !== undefined) return
        try {
          options.send(encodeFrame(type, stream, payload))
        } catch {
          this.close(LINK_LOST)
        }
      },
      remove: (stream) => {
        if (this.streams.get(stream.id) === stream) this.streams.delete(stream.id)
      },
    }
  }

  /** Open streams. */
  get size() {
    return this.streams.size
  }

  /** Why the mux closed, undefined while it works. */
  get closed() {
    return this.closedFor
  }

  /** Opens a stream with a JSON header; data may be written at once. */
  open(header: unknown): MuxStream {
    const id = this.nextId
    const stream = new Stream(this.link, id, header, true)
    if (this.closedFor !== undefined) {
      stream.receiveReset(this.closedFor)
      return stream
    }
    if (id > MAX_ID) throw new Error('no stream ids left on this link')
    this.nextId += 2
    this.streams.set(id, stream)
    this.link.send(FRAME.open, id, jsonBytes(header))
    return stream
  }

  /** Accepts a stream the peer opened. */
  accept(stream: MuxStream) {
    if (stream instanceof Stream && this.streams.get(stream.id) === stream) stream.accept()
  }

  /** Sends a JSON control message. */
  control(message: unknown) {
    this.link.send(FRAME.control, 0, jsonBytes(message))
  }

  /** A frame from the WebSocket; a protocol breach closes the mux. */
  receive(bytes: Uint8Array) {
    if (this.closedFor !== undefined) return
    const frame = decodeFrame(bytes)
    if (!frame || !this.take(frame.type, frame.stream, frame.payload)) this.close(PROTOCOL_ERROR)
  }

  /** Resets every stream (they hear `reason`); further frames are ignored. */
  close(reason: string) {
    if (this.closedFor !== undefined) return
    this.closedFor = reason
    const streams = [...this.streams.values()]
    this.streams.clear()
    for (const stream of streams) stream.receiveReset(reason)
    this.options.onclose?.(reason)
  }

  /** Handles one well-formed frame; false on a breach. */
  private take(type: number, id: number, payload: Uint8Array): boolean {
    if (type === FRAME.control) {
      const message = json(payload)
      if (message === undefined) return false
      this.options.oncontrol?.(message.value)
      return true
    }
    if (type === FRAME.open) return this.opened(id, payload)
    const stream = this.streams.get(id)
    if (type === FRAME.reset) {
      stream?.receiveReset(text(payload))
      return true
    }
    // A stream we do not know may have just been reset: its frames in flight are dropped.
    if (!stream) return true
    if (type === FRAME.accept) return stream.acceptedByPeer()
    if (type === FRAME.data) return stream.receiveData(payload)
    if (type === FRAME.window) return stream.receiveWindow(readWindow(payload))
    return stream.receiveEnd()
  }

  private opened(id: number, payload: Uint8Array): boolean {
    const peerParity = this.options.initiator ? 0 : 1
    if (id % 2 !== peerParity || id <= this.peerId) return false
    const header = json(payload)
    if (header === undefined) return false
    this.peerId = id
    const refusal = this.streams.size >= MAX_STREAMS ? 'busy' : this.options.onopen ? '' : 'refused'
    if (refusal) {
      this.link.send(FRAME.reset, id, utf8Cut(refusal, MAX_REASON))
      return true
    }
    const stream = new Stream(this.link, id, header.value, false)
    this.streams.set(id, stream)
    this.options.onopen?.(stream)
    return true
  }
}

function json(payload: Uint8Array): { value: unknown } | undefined {
  try {
    return { value: parseJson(payload) }
  } catch {
    return undefined
  }
}

function text(payload: Uint8Array) {
  try {
    return decodeText(payload)
  } catch {
    return 'reset'
  }
}
