import { atom } from 'nanostores'
import { $outbox, unsentCount } from './outbox-entries'
import { logout } from './session'

/** True while a sign-out waits for the operator to accept dropping the changes not yet sent. */
export const $signOutAsked = atom(false)

/**
 * Signs out at once (true), as `logout` does; but while the outbox holds changes that have not
 * reached the server, which a sign-out drops, it asks the operator first (false): the sign-out
 * dialog then calls `signOutAnyway` or `keepSignedIn`.
 */
export async function signOut(): Promise<boolean> {
  if (unsentCount() > 0) {
    $signOutAsked.set(true)
    return false
  }
  return logout()
}

/** Signs out though changes wait unsent: they are dropped with the rest of the session. */
export function signOutAnyway(): Promise<boolean> {
  $signOutAsked.set(false)
  return logout()
}

/** Leaves the session and the outbox as they are. */
export function keepSignedIn(): void {
  $signOutAsked.set(false)
}

// Once nothing waits unsent (it went out meanwhile, or another tab signed out and wiped it),
// there is nothing left to ask.
$outbox.listen((entries) => {
  if ($signOutAsked.get() && !unsentCount(entries)) keepSignedIn()
})
