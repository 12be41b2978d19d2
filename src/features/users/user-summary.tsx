import type { ReactNode } from 'react'
import type { UserRecord, UserRole } from '../../contract/users'
import { Age } from '../../ui/age'
import { Avatar } from '../../ui/avatar'
import { LiveStatus } from '../../ui/live-status'
import { useT } from '../../ui/use-t'
import { RoleList, UserStateBadge } from './user-badges'
import { UserButtons } from './user-columns'
import { useUserActions } from './user-actions'
import { displayName } from './user-values'
import s from './user-screen.module.css'

export interface UserSummaryProps {
  user: UserRecord
  loadedAt: number
  roles: readonly UserRole[] | null
  /** The member as they are after an action; null when they left the organization. */
  onChanged: (user: UserRecord | null) => void
}

/** Who the member is, what they hold and whether they can work, with what can be done to them. */
export function UserSummary({ user, loadedAt, roles, onChanged }: UserSummaryProps) {
  const t = useT()
  const actions = useUserActions({ roles, onChanged })
  const facts: [string, ReactNode][] = [
    [t('users.status'), <UserStateBadge user={user} />],
    [t('users.roles'), user.roles.length ? <RoleList roles={user.roles} /> : '—'],
    [t('users.lastSignIn'), <Age at={user.last_sign_in} />],
    [t('users.detail.joined'), <Age at={user.created_at} />],
    [t('users.detail.updated'), <Age at={user.updated_at} />],
  ]
  return (
    <section className={s.card} aria-labelledby="user-name">
      <div className={s.head}>
        <div className={s.who}>
          <Avatar user={user} size={56} className={s.avatar} />
          <div>
            <h2 id="user-name" className={s.name}>
              {displayName(user)}
            </h2>
            {user.name && <p className={s.email}>{user.email}</p>}
          </div>
        </div>
        <LiveStatus loadedAt={loadedAt} />
        <UserButtons user={user} act={actions.act} t={t} />
      </div>
      <dl className={s.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={s.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {actions.dialogs}
    </section>
  )
}
