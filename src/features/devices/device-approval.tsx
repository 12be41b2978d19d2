import { useState } from 'react'
import { useLocation } from 'wouter'
import { approveDevice, refuseDevice } from '../../api/enrollment'
import type { Device } from '../../contract/devices'
import { messageText } from '../../lib/i18n'
import { notify } from '../../stores/notices'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import '../../ui/enrollment/texts'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import s from './device-approval.module.css'

/**
 * A device that enrolled with a key asking for approval waits, its heartbeats held: Approve lets
 * it in (online at its next heartbeat); Refuse, asked first, removes it with its credential.
 */
export function DeviceApproval({ device, onApproved }: { device: Device; onApproved: () => void }) {
  const t = useT()
  const [, navigate] = useLocation()
  const [busy, setBusy] = useState<'approve' | 'refuse' | null>(null)
  const [refusing, setRefusing] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function approve() {
    setBusy('approve')
    const result = await approveDevice(device.id)
    setBusy(null)
    if (!result.ok) return notify('error', result.message)
    notify('success', 'enrollment.approved')
    onApproved()
  }
  async function refuse() {
    setBusy('refuse')
    const result = await refuseDevice(device.id)
    setBusy(null)
    if (!result.ok) return setError(result.message)
    notify('success', 'enrollment.refused')
    navigate('/devices')
  }
  return (
    <Banner variant="warning">
      <strong>{t('enrollment.pendingTitle')}</strong> {t('enrollment.pendingBody')}
      <span className={s.actions}>
        <Button busy={busy === 'approve'} onClick={() => void approve()}>
          {t('enrollment.approve')}
        </Button>
        <Button variant="secondary" onClick={() => setRefusing(true)}>
          {t('enrollment.refuse')}
        </Button>
      </span>
      <ConfirmDialog
        open={refusing}
        title={t('enrollment.refuseTitle', { name: device.name })}
        confirmLabel={t('enrollment.refuse')}
        busy={busy === 'refuse'}
        onConfirm={() => void refuse()}
        onClose={() => {
          setRefusing(false)
          setError(null)
        }}
      >
        <p>{t('enrollment.refuseBody', { name: device.name })}</p>
        {error && <Banner variant="error">{messageText(error)}</Banner>}
      </ConfirmDialog>
    </Banner>
  )
}
