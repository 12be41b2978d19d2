import { useEffect, useState } from 'react'
import type { Protocol, Tunnel } from '../../contract/tunnels'
import { Select } from '../../ui/select'
import { Icon } from '../../ui/icons'
import type { ListChange } from '../../ui/list/list-url'
import { useT } from '../../ui/use-t'
import { devicesApi } from './tunnels-api'
import s from './tunnels.module.css'
import './texts'

/** Every protocol, by name: the type keeps it whole, and the list loads no validation code for it. */
const PROTOCOLS = Object.keys({ http: true, tcp: true } satisfies Record<Protocol, true>)

export interface TunnelFiltersProps {
  filters: Record<string, readonly string[]>
  rows: readonly Tunnel[]
  change: (change: ListChange) => void
}

/** The device the list is narrowed to (a chip that clears it: device pages link here), and a protocol. */
export function TunnelFilters({ filters, rows, change }: TunnelFiltersProps) {
  const t = useT()
  const deviceId = filters.device_id?.[0]
  const fromRows = rows.find((row) => row.device_id === deviceId)?.device_name
  const [fetched, setFetched] = useState<{ id: string; name: string } | null>(null)

  // A device without tunnels names no row: ask for its name.
  useEffect(() => {
    if (!deviceId || fromRows || fetched?.id === deviceId) return
    const controller = new AbortController()
    void devicesApi.get(deviceId, controller.signal).then((result) => {
      if (!controller.signal.aborted) setFetched({ id: deviceId, name: result.ok ? result.data.name : deviceId })
    })
    return () => controller.abort()
  }, [deviceId, fromRows, fetched])

  const deviceName = fromRows ?? (fetched && fetched.id === deviceId ? fetched.name : '…')
  return (
    <div className={s.filters}>
      <Select
        className={s.filter}
        label={t('tunnels.protocol')}
        name="protocol"
        value={filters.protocol?.[0] ?? ''}
        options={[{ value: '', label: t('tunnels.allProtocols') }, ...PROTOCOLS.map((p) => ({ value: p, label: p.toUpperCase() }))]}
        onChange={(protocol) => change({ filters: { protocol } })}
      />
      {deviceId && (
        <span className={s.chip}>
          {t('tunnels.deviceFilter', { name: deviceName })}
          <button type="button" className={s.chipClear} aria-label={t('tunnels.clearDevice', { name: deviceName })} onClick={() => change({ filters: { device_id: '' } })}>
            <Icon name="close" size={14} />
          </button>
        </span>
      )}
    </div>
  )
}
