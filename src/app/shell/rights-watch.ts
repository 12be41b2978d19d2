import { live } from '../../stores/live'
import { syncUser } from '../../stores/session'

/**
 * Keeps the signed-in user's rights current while the console is open: when the server says they
 * changed (a role edited, roles given or taken, an organization left), or events were missed, the
 * user is read again. The menu and the route guard follow the session store, so an entry goes or
 * comes and a screen whose right is gone sends the user to /app, without a reload.
 */
export function watchRights(): () => void {
  return live.listen((event) => {
    if (event.type === 'rights' || event.type === 'reset') void syncUser()
  })
}
