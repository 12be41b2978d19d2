import { atom } from 'nanostores'
import type { Method } from '../lib/http'
import { onClear, readItem } from '../lib/storage'

/**
 * A write that found no link, waiting in the outbox (src/stores/outbox.ts sends it). The entries
 * are a module apart from the sending, which loads after the first paint: the header tells from
 * them at once whether a sign-out would drop any.
 */
export interface Unsent {
  /** The write's `Idempotency-Key`, also its name here. */
  key: string
  method: Method
  path: string
  body?: unknown
  /** What it changes, for the operator: the collection and the record's name or id. */
  what: { collection: string; name: string }
  /** The user and organization it was made in; it is sent only there. */
  scope: string
  state: 'pending' | 'sent' | 'refused'
  /** The server's message for a refused write. */
  reason?: string
  at: number
}

/** Local storage name of the outbox. */
export const OUTBOX_KEY = 'console:outbox'

function restore(): Unsent[] {
  try {
    const saved = JSON.parse(readItem(OUTBOX_KEY) ?? '[]') as unknown
    return Array.isArray(saved) ? (saved as Unsent[]) : []
  } catch {
    return []
  }
}

export const $outbox = atom<Unsent[]>(restore())

// A sign-out wipes local storage, the outbox with it.
onClear(() => $outbox.set([]))

/**
 * How many writes have not reached the server: the pending ones of every organization, as a
 * sign-out drops them all. Those sent or refused are done.
 */
export function unsentCount(entries: readonly Unsent[] = $outbox.get()): number {
  return entries.filter((entry) => entry.state === 'pending').length
}
