// The names under which the console keeps the session in local storage; the /app page's start
// script reads them too.

/** Local storage name of the Bearer token. */
export const TOKEN_KEY = 'axe'

/** Local storage name of the signed-in user as last read (the console opens on it offline). */
export const KEPT_USER_KEY = 'console:user'

/**
 * Local storage name of the tokens signed out here whose sessions the server has not yet ended
 * (the link was down): sent to `POST /logout` when it returns, never read as a sign-in.
 */
export const REVOKE_KEY = 'console:revoke'
