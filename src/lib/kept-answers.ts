import { readItem, removeItem, writeItem } from './storage'

/**
 * The last answers of the console's lists and dashboards, kept in local storage so a repeat visit
 * (or an offline one) shows them at once with their age, before the live answer replaces them.
 * Each is kept per user and organization; a sign-out wipes them with the rest of local storage.
 */
const PREFIX = 'console:kept:'
const INDEX = `${PREFIX}index`
/** At most this many answers are kept, the least recently written going first. */
export const KEPT_ANSWERS = 40
/** An answer larger than this (in characters of JSON) is not worth a slot. */
const LARGEST = 200_000

export interface Kept<T> {
  value: T
  /** When the answer was read, ms since the epoch. */
  at: number
}

const readIndex = (): string[] => {
  try {
    const index = JSON.parse(readItem(INDEX) ?? '[]') as unknown
    return Array.isArray(index) ? index.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

/** The answer kept under `scope` (user and organization) and `key` (what was asked), if any. */
export function keptAnswer<T>(scope: string, key: string): Kept<T> | undefined {
  try {
    const kept = JSON.parse(readItem(PREFIX + scope + '\n' + key) ?? 'null') as Kept<T> | null
    return kept && typeof kept.at === 'number' ? kept : undefined
  } catch {
    return undefined
  }
}

/** Keeps `value`, read at `at`, in place of the last answer to the same question. */
export function keepAnswer<T>(scope: string, key: string, value: T, at = Date.now()): void {
  const name = PREFIX + scope + '\n' + key
  const text = JSON.stringify({ value, at } satisfies Kept<T>)
  if (text.length > LARGEST) return
  const index = [...readIndex().filter((item) => item !== name), name]
  while (index.length > KEPT_ANSWERS) removeItem(index.shift() as string)
  writeItem(INDEX, JSON.stringify(index))
  writeItem(name, text)
}
