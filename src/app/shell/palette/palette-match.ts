// The palette's matching: each typed word must begin a word of the entry (or be the initials of
// words that follow one another), in any order; entries are ranked by how well they match.

const WORDS = /[\p{L}\p{N}]+/gu
// Scripts written without spaces between words: there a typed word may stand anywhere.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u

const EXACT = 4
const PREFIX = 3
const INITIALS = 2
const INSIDE = 1.5

/** Lower case without accents, so "gerate" finds "Geräte". */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const wordsOf = (text: string) => plain(text).match(WORDS) ?? []

/** Whether `typed` spells the first letters of `words` from `start` on: "nak" in new, access, key. */
const initialsAt = (typed: string, words: readonly string[], start: number) =>
  typed.length > 1 && start + typed.length <= words.length && [...typed].every((letter, i) => words[start + i]!.startsWith(letter))

/** How one typed word best meets the entry's words: its score and the word it met, or none. */
function meet(typed: string, words: readonly string[], whole: string): { score: number; at: number } | undefined {
  let best: { score: number; at: number } | undefined
  words.forEach((word, at) => {
    const score = word === typed ? EXACT : word.startsWith(typed) ? PREFIX : initialsAt(typed, words, at) ? INITIALS : 0
    if (score > (best?.score ?? 0)) best = { score, at }
  })
  if (!best && UNSPACED.test(typed) && whole.includes(typed)) best = { score: INSIDE, at: words.length }
  return best
}

/**
 * How well `query` matches `text`: 0 when some typed word begins no word of it, else more for
 * whole words, for words met in the order typed and from the first, and for shorter entries.
 * An empty query matches everything alike.
 */
export function matchScore(query: string, text: string): number {
  const typed = wordsOf(query)
  if (!typed.length) return 1
  const words = wordsOf(text)
  const whole = plain(text)
  let score = 0
  let last = -1
  let inOrder = true
  for (const word of typed) {
    const met = meet(word, words, whole)
    if (!met) return 0
    score += met.score
    if (met.at < last) inOrder = false
    last = met.at
  }
  const first = meet(typed[0]!, words, whole)
  return score + (inOrder ? 1 : 0) + (first?.at === 0 ? 1 : 0) - words.length / 100
}

/** The items `query` matches, best first; equal ones keep their order. */
export function rankByQuery<T>(query: string, items: readonly T[], text: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, score: matchScore(query, text(item)) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item)
}
