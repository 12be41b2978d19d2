import { randomBytes } from 'node:crypto'

let lastMs = 0
let sequence = 0

/**
 * A UUID of version 7 (RFC 9562): the time in ms first, then a counter that grows within one ms,
 * then random bits, so ids made by one process sort in the order they were made and a list ordered
 * by time then id keeps entries of the same instant in that order, on any database.
 */
export function orderedId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now
    sequence = randomBytes(2).readUInt16BE() & 0x3ff
  } else if (++sequence > 0xfff) {
    lastMs++
    sequence = 0
  }
  const bytes = randomBytes(16)
  bytes.writeUIntBE(lastMs, 0, 6)
  bytes[6] = 0x70 | (sequence >> 8)
  bytes[7] = sequence & 0xff
  bytes[8] = 0x80 | (bytes[8]! & 0x3f)
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
