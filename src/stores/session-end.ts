import type { SessionEndReason } from '../contract/session-end'

/** The locale key saying why the server ended the session ('session.ended.account_disabled'). */
export const endMessage = (reason: SessionEndReason): string => `session.ended.${reason}`

let unshown = false

/** The session's message now says why it ended: the next screen to open (the sign-in page) shows it. */
export function markEnded(): void {
  unshown = true
}

/** True once after the server ended the session: the first screen keeps its message, later ones drop it. */
export function takeEnded(): boolean {
  const was = unshown
  unshown = false
  return was
}
