import { atom } from 'nanostores'
import { watchAnswers } from '../api/client'

/** The statuses of a server that is not there: no answer at all, or a proxy's in front of it. */
const AWAY_STATUSES = [0, 502, 503, 504]

/**
 * True while the console's server cannot be reached: its last answer did not come (or came from a
 * proxy saying so), or the events stream could not connect. Any answer of the server's own ends it.
 */
export const $unreachable = atom(false)

/** Takes the status of an answer (0 when none came) as news of whether the server is there. */
export function noteAnswer(status: number): void {
  const away = AWAY_STATUSES.includes(status)
  if (away !== $unreachable.get()) $unreachable.set(away)
}

watchAnswers(noteAnswer)

/** Whether the device has a network at all (the browser's online and offline events). */
export const $network = atom(typeof navigator === 'undefined' || navigator.onLine)

if (typeof window !== 'undefined') {
  const update = () => $network.set(navigator.onLine)
  window.addEventListener('online', update)
  window.addEventListener('offline', update)
}
