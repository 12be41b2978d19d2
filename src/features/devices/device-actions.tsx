import { useState } from 'react'
import { useLocation } from 'wouter'
import type { Device } from '../../contract/devices'
import { messageText } from '../../lib/i18n'
import { notify } from '../../stores/notices'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import '../../ui/device-texts'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { DeviceFormDialog } from './device-form-dialog'
import { toInput, toValues } from './device-values'
import { devicesApi, saveDevice } from './devices-api'
import s from './device-summary.module.css'

/**
 * Edit, Disable (or Enable) and Delete. The edit form keeps the version the device had when it
 * opened, so a save over someone else's newer one ends in the conflict dialog, never silently; a
 * disable or enable sends the version shown, and one that meets a newer version says so instead.
 */
export function DeviceActions({ device, onSaved }: { device: Device; onSaved: (device: Device) => void }) {
  const t = useT()
  const [, navigate] = useLocation()
  const [editing, setEditing] = useState<Device | null>(null)
  const [deleting, setDeleting] = useState(false)
  const [disabling, setDisabling] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function setEnabled(enabled: boolean) {
    setBusy(true)
    const result = await devicesApi.update(device.id, { ...toInput(toValues(device)), enabled, version: device.version })
    setBusy(false)
    if (!result.ok) {
      if (!enabled) return setError(result.status === 409 ? 'devices.changed' : result.message)
      return notify(result.status === 409 ? 'warning' : 'error', result.status === 409 ? 'devices.changed' : result.message)
    }
    notify('success', enabled ? 'devices.enabledNow' : 'devices.disabledNow')
    setDisabling(false)
    onSaved(result.data)
  }
  const closeDisable = () => {
    setDisabling(false)
    setError(null)
  }

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
      {device.enabled ? (
        <Button variant="secondary" onClick={() => setDisabling(true)}>
          {t('devices.disable')}
        </Button>
      ) : (
        <Button variant="secondary" busy={busy} onClick={() => void setEnabled(true)}>
          {t('devices.enable')}
        </Button>
      )}
      <Button variant="secondary" onClick={() => setDeleting(true)}>
        {t('record.delete')}
      </Button>
      {editing && (
        <DeviceFormDialog
          title={t('devices.editTitle', { name: editing.name })}
          submitLabel={t('record.save')}
          initial={toValues(editing)}
          id={editing.id}
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
      <ConfirmDialog open={disabling} title={t('devices.disableTitle', { name: device.name })} confirmLabel={t('devices.disable')} busy={busy} onConfirm={() => void setEnabled(false)} onClose={closeDisable}>
        <p>{t('devices.disableBody')}</p>
        {error && <Banner variant="error">{messageText(error)}</Banner>}
      </ConfirmDialog>
      <ConfirmDialog open={deleting} title={t('devices.deleteTitle')} confirmLabel={t('record.delete')} busy={busy} onConfirm={remove} onClose={closeDelete}>
        <p>{t('devices.deleteBody', { name: device.name })}</p>
        {error && <Banner variant="error">{messageText(error)}</Banner>}
      </ConfirmDialog>
    </div>
  )
}
