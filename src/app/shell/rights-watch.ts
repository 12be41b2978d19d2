import { t } from '../../lib/i18n'
import { live } from '../../stores/live'
import { notify } from '../../stores/notices'
import { $checking, $session, syncUser } from '../../stores/session'
import { switchedHere } from '../../stores/session-switch'

/**
 * Keeps the signed-in user's rights current while the console is open: when the server says they
 * changed (a role edited, roles given or taken, an organization left), or events were missed, the
 * user is read again. The menu and the route guard follow the session store, so an entry goes or
 * comes and a screen whose right is gone sends the user to /app, without a reload.
 */
export function watchRights(): () => void {
  const stopLive = live.listen((event) => {
    if (event.type === 'rights' || event.type === 'reset') void syncUser()
  })
  const stopOrganization = watchOrganization()
  return () => {
    stopLive()
    stopOrganization()
  }
}

/**
 * The console follows the user's organization when it changes elsewhere (switched in another tab,
 * or this one's access ended, so the server works in another): it says so. The live user taking
 * the kept one's place on a repeat visit is no such change, nor a switch made in this tab.
 */
export function watchOrganization(): () => void {
  let seen = $session.get().user
  return $session.listen(({ user }) => {
    const before = seen
    seen = user
    // While `$checking`, the change is the live user taking the kept one's place.
    if (!before || !user || before.id !== user.id || $checking.get()) return
    const from = before.organization
    const to = user.organization
    if (!from || !to || from.id === to.id || switchedHere(to.id)) return
    const stillMember = user.organizations.some((organization) => organization.id === from.id)
    notify('info', stillMember ? t('organizationMenu.followed', { name: to.name }) : t('organizationMenu.lost', { old: from.name, name: to.name }))
  })
}
