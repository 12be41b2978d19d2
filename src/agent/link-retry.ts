// When the agent's link comes back after it closed: never after a refused credential, in a minute
// for a disabled device, else after a backoff (1 s doubling to 60 s, with jitter) that starts over
// once a link stayed up a minute.
import { LINK_CLOSE } from '../contract/tunnel-link'

/** The longest wait between two links, and the wait of a disabled device. */
export const LINK_RETRY_MAX_S = 60
/** A link that stayed up this long was healthy: the next failure waits 1 s again. */
export const LINK_STEADY_MS = 60_000

/** How a link ended: a refusal before the upgrade (an HTTP status), or a close after it (a close code). */
export type LinkEnd = { status: number; message: string } | { code: number; reason: string; upMs: number }

export type LinkNext = { refused: true; why: string } | { refused: false; waitS: number; failures: number; why: string }

/** Seconds to wait after `failures` failed links in a row: 1, 2, 4 ... 60, each 50-100 %. */
export function linkBackoffSeconds(failures: number, random = Math.random): number {
  return Math.min(LINK_RETRY_MAX_S, 2 ** failures) * (0.5 + random() * 0.5)
}

/** What follows a link's end, given the failures in a row before it. */
export function afterLink(end: LinkEnd, failures: number, random = Math.random): LinkNext {
  if ('status' in end) {
    const why = `the console answered ${end.status}${end.message ? ` (${end.message})` : ''}`
    if (end.status === 401) return { refused: true, why }
    if (end.status === 403) return { refused: false, waitS: LINK_RETRY_MAX_S, failures: 0, why }
    return { refused: false, waitS: linkBackoffSeconds(failures, random), failures: failures + 1, why }
  }
  const why = `closed ${end.code}${end.reason ? ` (${end.reason})` : ''}`
  if (end.code === LINK_CLOSE.refused) return { refused: true, why }
  if (end.code === LINK_CLOSE.disabled) return { refused: false, waitS: LINK_RETRY_MAX_S, failures: 0, why }
  const from = end.upMs >= LINK_STEADY_MS ? 0 : failures
  return { refused: false, waitS: linkBackoffSeconds(from, random), failures: from + 1, why }
}
