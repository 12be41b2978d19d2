import { Link } from 'wouter'
import type { Tunnel } from '../../contract/tunnels'
import type { t as translate } from '../../lib/i18n'
import { Button } from '../../ui/button'
import type { Column } from '../../ui/list/list-view'
import { TunnelEndpoint } from './tunnel-endpoint'
import { TunnelSwitch } from './tunnel-switch'
import { tunnelHref } from './tunnels-api'
import { deviceHref, targetOf, TunnelStatus } from './tunnel-values'
import s from './tunnels.module.css'
import './texts'


export interface TunnelActions {
  /** Whether the user may open a device's page; without the right its name is plain text. */
  canOpenDevice: boolean
  onEdit: (tunnel: Tunnel) => void
  onDelete: (tunnel: Tunnel) => void
  /** A row changed on the server (enabled or disabled): read the list again. */
  onChanged: () => void
}

/** The columns of the tunnels list. */
export function tunnelColumns(t: typeof translate, actions: TunnelActions): Column<Tunnel>[] {
  return [
    {
      key: 'name',
      label: t('tunnels.name'),
      sort: 'name',
      priority: 'high',
      render: (row) => (
        <Link href={tunnelHref(row.id)} className={s.name}>
          {row.name}
        </Link>
      ),
    },
    {
      key: 'device',
      label: t('tunnels.device'),
      sort: 'device',
      render: (row) => (actions.canOpenDevice ? <Link href={deviceHref(row.device_id)}>{row.device_name}</Link> : row.device_name),
    },
    { key: 'protocol', label: t('tunnels.protocol'), sort: 'protocol', render: (row) => <span className={s.mono}>{row.protocol.toUpperCase()}</span> },
    {
      key: 'local_port',
      label: t('tunnels.target'),
      sort: 'local_port',
      priority: 'low',
      render: (row) => (
        <bdi className={s.mono} dir="ltr">
          {targetOf(row)}
        </bdi>
      ),
    },
    { key: 'endpoint', label: t('tunnels.endpoint'), priority: 'low', render: (row) => <TunnelEndpoint tunnel={row} /> },
    { key: 'status', label: t('tunnels.status'), sort: 'status', render: (row) => <TunnelStatus status={row.status} t={t} /> },
    { key: 'enabled', label: t('tunnels.enabled'), render: (row) => <TunnelSwitch tunnel={row} onChanged={actions.onChanged} /> },
    {
      key: 'actions',
      label: t('tunnels.actions'),
      align: 'end',
      render: (row) => (
        <span className={s.actions}>
          <Button variant="text" aria-label={t('tunnels.editOf', { name: row.name })} onClick={() => actions.onEdit(row)}>
            {t('record.edit')}
          </Button>
          <Button variant="text" aria-label={t('tunnels.deleteOf', { name: row.name })} onClick={() => actions.onDelete(row)}>
            {t('record.delete')}
          </Button>
        </span>
      ),
    },
  ]
}
