import { useState } from 'react'
import type { RoleRecord } from '../../contract/roles'
import { $live } from '../../stores/live'
import { notify } from '../../stores/notices'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { lazyPart } from '../../ui/lazy-part'
import { ListView } from '../../ui/list/list-view'
import { LiveStatus } from '../../ui/live-status'
import { useCollectionList } from '../../ui/list/use-collection-list'
import { useT } from '../../ui/use-t'
import { roleColumns } from './role-columns'
import { RoleDelete } from './role-delete'
import { ROLE_LIST, rolesApi } from './roles-api'
import './texts'
import s from './roles.module.css'

// The forms load when first opened: the list shows without them.
const RoleForm = lazyPart(() => import('./role-form').then((part) => part.RoleForm))

/** The organization's roles with their rights and member counts; create, edit and delete them. */
export default function RolesScreen() {
  const t = useT()
  const list = useCollectionList<RoleRecord>({ collection: 'roles', list: rolesApi.list, defaults: ROLE_LIST })
  const [editing, setEditing] = useState<RoleRecord | 'new' | null>(null)
  const [deleting, setDeleting] = useState<RoleRecord | null>(null)
  // The change event reloads a live list; without the stream, ask at once.
  const reloadUnlessLive = () => $live.get().state !== 'live' && list.reload()
  const create = <Button onClick={() => setEditing('new')}>{t('roles.create')}</Button>
  return (
    <section className={s.screen} aria-label={t('roles.caption')}>
      <ListView
        caption={t('roles.caption')}
        columns={roleColumns(t, { onEdit: setEditing, onDelete: setDeleting })}
        query={list.query}
        data={list.data}
        change={list.change}
        reload={list.reload}
        searchLabel={t('roles.search')}
        toolbar={
          <>
            <LiveStatus loadedAt={list.data.loadedAt} />
            {create}
          </>
        }
        empty={
          <>
            <p>{t('roles.empty')}</p>
            {create}
          </>
        }
      />
      {editing && (
        <RoleForm
          role={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notify('success', editing === 'new' ? 'roles.created' : 'roles.saved')
            setEditing(null)
            reloadUnlessLive()
          }}
        />
      )}
      <RoleDelete
        role={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null)
          reloadUnlessLive()
        }}
      />
    </section>
  )
}
