import type { UserRecord } from '../../contract/users'
import type { t as translate } from '../../lib/i18n'
import { Age } from '../../ui/age'
import { Button } from '../../ui/button'
import type { Column } from '../../ui/list/list-view'
import { PersonLink, RoleList, UserStateBadge } from './user-badges'
import type { UserAction } from './user-actions'
import { displayName } from './user-values'
import s from './users.module.css'

/** An address that may break after its `@` when the column is narrow, never inside a word. */
const Email = ({ address }: { address: string }) => {
  const at = address.lastIndexOf('@')
  return (
    <span className={s.email}>
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      ) : (
        address
      )}
    </span>
  )
}

/** The buttons of one member: what can be done to them in their state. */
export function UserButtons({ user, act, t }: { user: UserRecord; act: (action: UserAction, user: UserRecord) => void; t: typeof translate }) {
  const name = displayName(user)
  const button = (action: UserAction, label: string, full: string) => (
    <Button key={action} variant="text" aria-label={full} onClick={() => act(action, user)}>
      {label}
    </Button>
  )
  return (
    <span className={s.actions}>
      {button('roles', t('users.changeRoles'), t('users.changeRolesOf', { name }))}
      {user.status === 'invited' && button('resend', t('users.resend'), t('users.resendOf', { name }))}
      {user.status === 'invited' && button('withdraw', t('users.withdraw'), t('users.withdrawOf', { name }))}
      {user.status === 'active' && button('disable', t('users.disable'), t('users.disableOf', { name }))}
      {user.status === 'disabled' && button('enable', t('users.enable'), t('users.enableOf', { name }))}
      {user.status !== 'invited' && button('remove', t('users.remove'), t('users.removeOf', { name }))}
    </span>
  )
}

/** The users table: who, how to reach them, what they may do, and whether they can. */
export function userColumns(t: typeof translate, act: (action: UserAction, user: UserRecord) => void): Column<UserRecord>[] {
  return [
    { key: 'name', label: t('users.name'), sort: 'name', priority: 'high', render: (user) => <PersonLink user={user} /> },
    { key: 'email', label: t('users.email'), sort: 'email', render: (user) => <Email address={user.email} /> },
    { key: 'roles', label: t('users.roles'), priority: 'low', render: (user) => <RoleList roles={user.roles} /> },
    { key: 'status', label: t('users.status'), priority: 'high', render: (user) => <UserStateBadge user={user} /> },
    { key: 'last_sign_in', label: t('users.lastSignIn'), sort: 'last_sign_in', priority: 'low', render: (user) => <Age at={user.last_sign_in} /> },
    { key: 'actions', label: t('users.actions'), align: 'end', render: (user) => <UserButtons user={user} act={act} t={t} /> },
  ]
}
