/** The frames of the tunnel wire: one WebSocket binary message is `[u8 type][u32 stream id, big-endian][payload]`. */

export const FRAME = { open: 1, accept: 2, data: 3, window: 4, end: 5, reset: 6, control: 7 } as const
/** Bytes a side may send on a stream before the peer grants more. */
export const INITIAL_WINDOW = 256 * 1024
/** Payload bytes per data frame at most. */
export const MAX_DATA = 32 * 1024
/** Open streams per link at most: a further open is reset `busy`. */
export const MAX_STREAMS = 256
/** A reset's reason is cut to this many UTF-8 bytes. */
export const MAX_REASON = 200
/** A stream's or a control message's JSON is refused past this many bytes. */
export const MAX_HEADER = 64 * 1024

const HEAD = 5
const encoder = new TextEncoder()
const decoder = new TextDecoder('utf-8', { fatal: true })

/** One frame as it goes into a WebSocket binary message. */
export function encodeFrame(type: number, stream: number, payload: Uint8Array = new Uint8Array(0)): Uint8Array {
  const frame = new Uint8Array(HEAD + payload.length)
  const view = new DataView(frame.buffer)
  view.setUint8(0, type)
  view.setUint32(1, stream)
  frame.set(payload, HEAD)
  return frame
}

/** The frame in a WebSocket binary message, or undefined when it is not one this wire speaks. */
export function decodeFrame(bytes: Uint8Array): { type: number; stream: number; payload: Uint8Array } | undefined {
  if (bytes.length < HEAD) return undefined
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const type = view.getUint8(0)
  const stream = view.getUint32(1)
  const payload = bytes.subarray(HEAD)
  const size = payload.length
  const fits =
    type === FRAME.control
      ? stream === 0 && size <= MAX_HEADER
      : stream !== 0 &&
        (type === FRAME.open
          ? size <= MAX_HEADER
          : type === FRAME.accept || type === FRAME.end
            ? size === 0
            : type === FRAME.data
              ? size > 0 && size <= MAX_DATA
              : type === FRAME.window
                ? size === 4
                : type === FRAME.reset && size <= MAX_REASON)
  return fits ? { type, stream, payload } : undefined
}

/** Text as UTF-8, cut to `max` bytes without splitting a character. */
export function utf8Cut(text: string, max: number): Uint8Array {
  const bytes = encoder.encode(text)
  if (bytes.length <= max) return bytes
  let end = max
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--
  return bytes.slice(0, end)
}

/** JSON as UTF-8 bytes. */
export const jsonBytes = (value: unknown) => encoder.encode(JSON.stringify(value ?? null))

/** UTF-8 bytes as text; throws on bad UTF-8. */
export const decodeText = (bytes: Uint8Array) => decoder.decode(bytes)

/** The JSON in UTF-8 bytes; throws on bad UTF-8 or JSON. */
export const parseJson = (bytes: Uint8Array): unknown => JSON.parse(decoder.decode(bytes))

/** A window frame's increment. */
export const windowBytes = (increment: number) => {
  const bytes = new Uint8Array(4)
  new DataView(bytes.buffer).setUint32(0, increment)
  return bytes
}

/** A window frame's increment, read back. */
export const readWindow = (payload: Uint8Array) => new DataView(payload.buffer, payload.byteOffset, 4).getUint32(0)
