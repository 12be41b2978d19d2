import { useState } from 'react'
import { useLocation } from 'wouter'
import type { Device } from '../../contract/devices'
import { messageText } from '../../lib/i18n'
import { notify } from '../../stores/notices'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { DeviceFormDialog } from './device-form-dialog'
import { toValues } from './device-values'
import { devicesApi, saveDevice } from './devices-api'
import s from './device-summary.module.css'
import './texts'

/**
 * Edit and Delete. The edit form keeps the version the device had when it opened, so a save over
 * someone else's newer one ends in the conflict dialog, never silently.
 */
export function DeviceActions({ device, onSaved }: { device: Device; onSaved: (device: Device) => void }) {
  const t = useT()
  const [, navigate] = useLocation()
  const [editing, setEditing] = useState<Device | null>(null)
  const [deleting, setDeleting] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function remove() {
    setBusy(true)
    const result = await devicesApi.remove(device.id)
    setBusy(false)
    if (!result.ok) return setError(result.message)
    notify('success', 'devices.deleted')
    navigate('/devices')
  }
  const closeDelete = () => {
    setDeleting(false)
    setError(null)
  }

  return (
    <div className={s.actions}>
      <Button variant="secondary" onClick={() => setEditing(device)}>
        {t('record.edit')}
      </Button>
      <Button variant="secondary" onClick={() => setDeleting(true)}>
        {t('record.delete')}
      </Button>
      {editing && (
        <DeviceFormDialog
          title={t('devices.editTitle', { name: editing.name })}
          submitLabel={t('record.save')}
          initial={toValues(editing)}
          version={editing.version}
          save={async (values, version) => {
            const result = await saveDevice(values, version, editing.id)
            if (result.ok) notify('success', 'devices.saved')
            return result
          }}
          onSaved={(saved) => {
            setEditing(null)
            onSaved(saved)
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog open={deleting} title={t('devices.deleteTitle')} confirmLabel={t('record.delete')} busy={busy} onConfirm={remove} onClose={closeDelete}>
        <p>{t('devices.deleteBody', { name: device.name })}</p>
        {error && <Banner variant="error">{messageText(error)}</Banner>}
      </ConfirmDialog>
    </div>
  )
}
