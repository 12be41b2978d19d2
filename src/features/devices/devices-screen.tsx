import { useState } from 'react'
import { Link } from 'wouter'
import type { Device } from '../../contract/devices'
import { $live } from '../../stores/live'
import { notify } from '../../stores/notices'
import { Button, buttonClass } from '../../ui/button'
import '../../ui/device-texts'
import { ListView } from '../../ui/list/list-view'
import { LiveStatus } from '../../ui/live-status'
import { useCollectionList, useCreateParam } from '../../ui/list/use-collection-list'
import { useT } from '../../ui/use-t'
import '../../ui/console-texts'
import { lazyPart } from '../../ui/lazy-part'
import { deviceColumns } from './device-columns'
import { EMPTY_DEVICE, patchDevice } from './device-values'
import { DEVICE_LIST } from '../../ui/list/list-defaults'
import { devicesApi, saveDevice } from './devices-api'
import { StatusFilter } from './status-filter'
import s from './devices-screen.module.css'

// The form loads when first opened, and the rules of a tag or location typed for many devices with
// the bulk bar: the list shows without either.
const BULK_RULES = { load: () => import('./device-rules').then((rules) => rules.bulkDeviceRules) }

const DeviceFormDialog = lazyPart(() => import('./device-form-dialog').then((part) => part.DeviceFormDialog))
const DeviceConnectDialog = lazyPart(() => import('./device-connect').then((part) => part.DeviceConnectDialog))

/** The fleet: every device with its status kept live, filtered by status in the address. */
export default function DevicesScreen() {
  const t = useT()
  const [adding, setAdding] = useState(false)
  // Added: the last step shows the commands that connect it, and waits for it.
  const [connecting, setConnecting] = useState<Device | null>(null)
  // The command palette's Add device links here with `?new=1`.
  useCreateParam(() => setAdding(true))
  const list = useCollectionList<Device>({ collection: 'devices', list: devicesApi.list, defaults: DEVICE_LIST, onDevice: patchDevice })
  // The status select shows one status; several (from the filter menu) show as chips alone.
  const statuses = list.query.filters.status ?? []
  const status = statuses.length === 1 ? statuses[0]! : ''
  const add = (
    <Button onClick={() => setAdding(true)} className={s.add}>
      {t('devices.add')}
    </Button>
  )
  return (
    <>
      <ListView
        collection="devices"
        caption={t('devices.caption')}
        columns={deviceColumns(t)}
        query={list.query}
        data={list.data}
        change={list.change}
        reload={list.reload}
        searchLabel={t('devices.search')}
        bulkRules={BULK_RULES}
        toolbar={
          <>
            <StatusFilter value={status} onChange={(next) => list.change({ filters: { status: next } })} />
            <LiveStatus loadedAt={list.data.loadedAt} />
            <Link href="/devices/enrollment-keys" className={buttonClass('secondary')}>
              {t('devices.addMany')}
            </Link>
            {add}
          </>
        }
        empty={
          status ? (
            <>
              <p>{t('devices.noneWithStatus', { status: t(`devices.status.${status}`) })}</p>
              <Button variant="secondary" onClick={() => list.change({ filters: { status: '' } })}>
                {t('devices.showAll')}
              </Button>
            </>
          ) : (
            <>
              <p>{t('devices.empty')}</p>
              {add}
            </>
          )
        }
      />
      {adding && (
        <DeviceFormDialog
          title={t('devices.addTitle')}
          submitLabel={t('devices.add')}
          initial={EMPTY_DEVICE}
          version={null}
          save={(values) => saveDevice(values, null)}
          onSaved={(device) => {
            setAdding(false)
            setConnecting(device)
            notify('success', 'devices.created')
            // The change event reloads a live list; without the stream, ask at once.
            if ($live.get().state !== 'live') list.reload()
          }}
          onClose={() => setAdding(false)}
        />
      )}
      {connecting && <DeviceConnectDialog device={connecting} onClose={() => setConnecting(null)} />}
    </>
  )
}
