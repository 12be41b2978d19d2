import { atom, map } from 'nanostores'
import * as auth from '../api/auth'
import { clearToken, getToken } from '../api/client'
import { KEPT_USER_KEY, TOKEN_KEY } from '../api/storage-keys'
import { dropEarlyAnswers } from '../lib/early-answers'
import { readItem, writeItem } from '../lib/storage'
import { pendingRevocations, revokeLater, sendRevocations } from './revocations'
import { endMessage, markEnded } from './session-end'
import type { User } from '../contract/user'

/** The message a successful password-reset request leaves (a locale key). */
export const RESET_SENT = 'session.resetSent'

export interface SessionState {
  loading: boolean
  /** null while unknown, then true or false. */
  loggedIn: boolean | null
  user: User | null
  uid: string | null
  message: string | null
}

const FLOWS = ['LOGIN', 'LOGIN_WITH_EMAIL', 'REGISTER_WITH_EMAIL', 'PASSWORD_FORGET', 'CREATE_USER', 'LOGOUT'] as const
type Flow = (typeof FLOWS)[number]

export type SessionEvent =
  | { type: `${Flow}_REQUEST` }
  | { type: 'LOGIN_SUCCESS' | 'LOGIN_WITH_EMAIL_SUCCESS' | 'REGISTER_WITH_EMAIL_SUCCESS' | 'CREATE_USER_SUCCESS'; user: User }
  | { type: 'PASSWORD_FORGET_SUCCESS' | 'LOGOUT_SUCCESS' }
  | { type: `${Flow}_FAILURE`; message: string }
  | { type: 'SYNC_USER'; user: User | null; message?: string }
  | { type: 'HIDE_MESSAGE' }

export const initialSession = (): SessionState => ({ loading: false, loggedIn: null, user: null, uid: null, message: null })

const signedIn = (user: User) => ({ loading: false, loggedIn: true, user, uid: user.id })

/**
 * The session lifecycle, as a pure function: a request sets loading and clears the message; a
 * success signs in (sign-out signs out); a failure clears loading and keeps its message.
 */
export function reduce(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'LOGIN_SUCCESS':
    case 'LOGIN_WITH_EMAIL_SUCCESS':
    case 'REGISTER_WITH_EMAIL_SUCCESS':
    case 'CREATE_USER_SUCCESS':
      return { ...state, ...signedIn(event.user) }
    case 'PASSWORD_FORGET_SUCCESS':
      return { ...state, loading: false, message: RESET_SENT }
    case 'LOGOUT_SUCCESS':
      return { ...state, loading: false, loggedIn: false, user: null, uid: null }
    case 'SYNC_USER':
      return event.user
        ? { ...state, ...signedIn(event.user) }
        : { ...state, loading: false, loggedIn: false, user: null, uid: null, ...(event.message ? { message: event.message } : {}) }
    case 'HIDE_MESSAGE':
      return { ...state, message: null }
    default:
      if (event.type.endsWith('_REQUEST')) return { ...state, loading: true, message: null }
      if ('message' in event) return { ...state, loading: false, message: event.message }
      return state
  }
}

export const $session = map<SessionState>(initialSession())

/** The signed-in user as last read, so the console opens offline; a sign-out wipes it. */
function keptUser(): User | null {
  try {
    const user = JSON.parse(readItem(KEPT_USER_KEY) ?? 'null') as User | null
    return user && typeof user.id === 'string' && Array.isArray(user.rights) ? user : null
  } catch {
    return null
  }
}

/** `user:organization` of the signed-in user: what the kept answers of lists are filed under. */
export function keptScope(): string | undefined {
  const { user } = $session.get()
  return user ? `${user.id}:${user.organization?.id ?? ''}` : undefined
}
/** True when the server could not be reached, or failed, while the session was checked. */
export const $serverDown = atom(false)
/** True while the console runs on the user kept from the last visit, the server out of reach. */
export const $offline = atom(false)
/** True from a repeat visit's first draw on the kept user until the server has said who is signed in. */
export const $checking = atom(false)

export function dispatch(event: SessionEvent): void {
  $session.set(reduce($session.get(), event))
  const { user } = $session.get()
  if (user && 'user' in event) writeItem(KEPT_USER_KEY, JSON.stringify(user))
}

export const hideMessage = () => dispatch({ type: 'HIDE_MESSAGE' })

/**
 * Ends the session in this browser: the token, the kept user, the kept answers (local storage but
 * the device's preferences) and, as they hear of the wipe, the outbox and what stores hold.
 */
function endHere() {
  clearToken()
  dropEarlyAnswers()
  $offline.set(false)
}

/**
 * Signs out at once, link or no link: nothing of the session stays in this browser, and the
 * server ends it (`POST /logout`) as soon as it can be reached, from the token kept to revoke.
 */
export async function logout(): Promise<boolean> {
  dispatch({ type: 'LOGOUT_REQUEST' })
  const token = getToken()
  if (token) revokeLater(token)
  endHere()
  dispatch({ type: 'LOGOUT_SUCCESS' })
  void sendRevocations()
  return true
}

// Another tab of this browser signed out (it wiped local storage): this one ends too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if ((event.key === null || event.key === TOKEN_KEY) && !event.newValue && $session.get().loggedIn) {
      endHere()
      dispatch({ type: 'LOGOUT_SUCCESS' })
    }
  })
}

let syncing: ReturnType<typeof setTimeout> | undefined
/** How often an offline console asks again who is signed in. */
export const OFFLINE_SYNC_MS = 15_000

function syncWhenBack() {
  if (syncing || typeof window === 'undefined') return
  const again = () => {
    clearTimeout(syncing)
    syncing = undefined
    window.removeEventListener('online', again)
    void syncUser()
  }
  syncing = setTimeout(again, OFFLINE_SYNC_MS)
  window.addEventListener('online', again)
}

/** Checks the stored token with the server and sets the user, or null when none is found. */
export async function syncUser(): Promise<void> {
  if (pendingRevocations().length) void sendRevocations()
  if (!getToken()) {
    dispatch({ type: 'SYNC_USER', user: null })
    $checking.set(false)
    return
  }
  const answer = await auth.currentUser()
  if (answer.status === 0 || answer.status >= 500) {
    // With the user kept from the last visit the console opens on what it kept, says it is
    // offline and checks again once the link is back; without, it says the server is down.
    const kept = keptUser()
    if (kept) {
      if ($session.get().uid !== kept.id) dispatch({ type: 'SYNC_USER', user: kept })
      $offline.set(true)
      syncWhenBack()
    } else $serverDown.set(true)
    $checking.set(false)
    return
  }
  $serverDown.set(false)
  $offline.set(false)
  if (!answer.user) endHere()
  // The server ended the session (a disabled account, a sign-out elsewhere): the sign-in page says so.
  const ended = !answer.user && answer.reason ? endMessage(answer.reason) : undefined
  if (ended) markEnded()
  dispatch({ type: 'SYNC_USER', user: answer.user, ...(ended ? { message: ended } : {}) })
  $checking.set(false)
}

/**
 * Opens a page of the console. With a token and the user kept from the last visit, it draws at
 * once on that user and on the answers kept for them (the kept rights guard the routes meanwhile;
 * a route they do not open waits for the live user: `$checking`), while `syncUser` checks the
 * token behind: the live user then takes the kept one's place, a refused token signs out as ever
 * (wiping what was kept), and no link leaves the console offline on the kept user. Without either,
 * the console waits for the check.
 */
export function resumeSession(): Promise<void> {
  const kept = getToken() && $session.get().loggedIn === null ? keptUser() : null
  if (kept) {
    $checking.set(true)
    dispatch({ type: 'SYNC_USER', user: kept })
  }
  return syncUser()
}
