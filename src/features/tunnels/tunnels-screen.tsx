import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { Tunnel } from '../../contract/tunnels'
import { notify } from '../../stores/notices'
import { $session } from '../../stores/session'
import { Button } from '../../ui/button'
import '../../ui/console-texts'
import { lazyPart } from '../../ui/lazy-part'
import { ListView } from '../../ui/list/list-view'
import { LiveStatus } from '../../ui/live-status'
import { useCollectionList, useCreateParam } from '../../ui/list/use-collection-list'
import { useT } from '../../ui/use-t'
import { tunnelColumns } from './tunnel-columns'
import { TunnelDelete } from './tunnel-delete'
import { TunnelFilters } from './tunnel-filters'
import { TUNNEL_LIST, tunnelsApi } from './tunnels-api'
import s from './tunnels.module.css'
import './texts'

// The forms load when first opened: the list shows without them.
const TunnelForm = lazyPart(() => import('./tunnel-form').then((part) => part.TunnelForm))

/** The device chip of the tunnels names the device; the list kit's menu and chips leave it alone. */
const OWN_FILTERS = ['device_id']

/**
 * The organization's tunnels: each carries traffic to a port of a device through its agent's
 * link. Live: a link coming or going turns its device's tunnels up or down as it happens.
 */
export default function TunnelsScreen() {
  const t = useT()
  const rights = useStore($session).user?.rights ?? []
  const list = useCollectionList<Tunnel>({ collection: 'tunnels', list: tunnelsApi.list, defaults: TUNNEL_LIST })
  const [editing, setEditing] = useState<Tunnel | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Tunnel | null>(null)
  // `?new=1` with `device_id` opens the form with that device chosen (the list's filter holds it).
  useCreateParam(() => setEditing('new'))

  const columns = tunnelColumns(t, { canOpenDevice: rights.includes('devices'), onEdit: setEditing, onDelete: setDeleting, onChanged: list.reload })
  return (
    <section className={s.screen} aria-label={t('tunnels.caption')}>
      <ListView
        collection="tunnels"
        ownFilters={OWN_FILTERS}
        caption={t('tunnels.caption')}
        columns={columns}
        query={list.query}
        data={list.data}
        change={list.change}
        reload={list.reload}
        searchLabel={t('tunnels.search')}
        toolbar={
          <>
            <TunnelFilters filters={list.query.filters} rows={list.data.rows} change={list.change} />
            <LiveStatus loadedAt={list.data.loadedAt} />
            <Button onClick={() => setEditing('new')}>{t('tunnels.create')}</Button>
          </>
        }
        empty={<p>{t(Object.keys(list.query.filters).length ? 'tunnels.noneFiltered' : 'tunnels.empty')}</p>}
      />
      {editing && (
        <TunnelForm
          tunnel={editing === 'new' ? null : editing}
          deviceId={list.query.filters.device_id?.[0]}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notify('success', editing === 'new' ? 'record.created' : 'record.saved')
            setEditing(null)
            list.reload()
          }}
        />
      )}
      <TunnelDelete
        tunnel={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null)
          list.reload()
        }}
      />
    </section>
  )
}
