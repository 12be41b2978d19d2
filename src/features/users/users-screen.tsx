import { useState } from 'react'
import type { UserRecord } from '../../contract/users'
import { $live } from '../../stores/live'
import { notify } from '../../stores/notices'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { lazyPart } from '../../ui/lazy-part'
import { ListView } from '../../ui/list/list-view'
import { LiveStatus } from '../../ui/live-status'
import { useCollectionList, useCreateParam } from '../../ui/list/use-collection-list'
import { useT } from '../../ui/use-t'
import './texts'
import { useOrganizationRoles } from './use-roles'
import { useUserActions } from './user-actions'
import { userColumns } from './user-columns'
import { UserFilters } from './user-filters'
import { USER_LIST, usersApi } from './users-api'
import { roleChoices } from './user-values'
import s from './users.module.css'

// The forms load when first opened: the list shows without them.
const InviteDialog = lazyPart(() => import('./invite-dialog').then((part) => part.InviteDialog))

/** The organization's members: who they are, their roles and status, and the way to invite more. */
/** Status and role have the screen's own pickers (a role by its name); the list kit leaves them alone. */
const OWN_FILTERS = ['status', 'role']

export default function UsersScreen() {
  const t = useT()
  const roles = useOrganizationRoles()
  const list = useCollectionList<UserRecord>({ collection: 'users', list: usersApi.list, defaults: USER_LIST })
  const [inviting, setInviting] = useState(false)
  // The command palette's Invite user links here with `?new=1`.
  useCreateParam(() => setInviting(true))
  // The change event reloads a live list; without the stream, ask at once.
  const refresh = () => $live.get().state !== 'live' && list.reload()
  const actions = useUserActions({ roles, onChanged: refresh })
  const filtered = Boolean(list.query.filters.status?.length || list.query.filters.role?.length)

  const invite = <Button onClick={() => setInviting(true)}>{t('users.invite')}</Button>
  return (
    <section className={s.screen} aria-label={t('users.caption')}>
      <ListView
        collection="users"
        ownFilters={OWN_FILTERS}
        caption={t('users.caption')}
        columns={userColumns(t, actions.act)}
        query={list.query}
        data={list.data}
        change={list.change}
        reload={list.reload}
        searchLabel={t('users.search')}
        rowClass={(row) => (row.status === 'disabled' ? s.disabledRow : undefined)}
        toolbar={
          <>
            <UserFilters filters={list.query.filters} roles={roles} change={list.change} />
            <LiveStatus loadedAt={list.data.loadedAt} />
            {invite}
          </>
        }
        empty={
          filtered ? (
            <>
              <p>{t('users.noneFiltered')}</p>
              <Button variant="secondary" onClick={() => list.change({ filters: { status: '', role: '' } })}>
                {t('users.showAll')}
              </Button>
            </>
          ) : (
            <p>{t('users.empty')}</p>
          )
        }
      />
      {inviting && (
        <InviteDialog
          roles={roleChoices(roles, list.data.rows)}
          onClose={() => setInviting(false)}
          onInvited={(user) => {
            setInviting(false)
            notify('success', t('users.invitedNotice', { email: user.email }))
            refresh()
          }}
        />
      )}
      {actions.dialogs}
    </section>
  )
}
