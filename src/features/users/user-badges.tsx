import { Link } from 'wouter'
import type { UserRecord, UserRole } from '../../contract/users'
import { Age } from '../../ui/age'
import { Avatar } from '../../ui/avatar'
import { Badge, type BadgeTone } from '../../ui/badge'
import { useT } from '../../ui/use-t'
import { userState, type UserState } from './user-values'
import s from './users.module.css'

const TONES: Record<UserState, BadgeTone> = { active: 'success', invited: 'info', expired: 'warning', disabled: 'muted' }

/** Where a member's detail view is, inside `/app`. */
export const userHref = (id: string) => `/users/details?id=${encodeURIComponent(id)}`

/** Active, invited (with when the link ends), invitation expired, or disabled: in words and colour. */
export function UserStateBadge({ user }: { user: Pick<UserRecord, 'status' | 'invitation_expires_at'> }) {
  const t = useT()
  const state = userState(user)
  return (
    <span className={s.state}>
      <Badge tone={TONES[state]} hollow={state === 'disabled'}>
        {t(`users.state.${state}`)}
      </Badge>
      {state === 'invited' && (
        <span className={s.ends}>
          {t('users.invitationEnds')} <Age at={user.invitation_expires_at} />
        </span>
      )}
    </span>
  )
}

export function RoleList({ roles }: { roles: readonly UserRole[] }) {
  return (
    <ul className={s.roles}>
      {roles.map((role) => (
        <li key={role.id}>{role.name}</li>
      ))}
    </ul>
  )
}

/** The avatar and the name, linking to the detail; an invitee without a name yet says so. */
export function PersonLink({ user }: { user: Pick<UserRecord, 'id' | 'name' | 'email' | 'avatar'> }) {
  const t = useT()
  return (
    <span className={s.person}>
      <Avatar user={user} size={32} className={s.avatar} />
      <Link href={userHref(user.id)} className={user.name ? s.name : s.unnamed}>
        {user.name || t('users.noName')}
      </Link>
    </span>
  )
}
