import { useState } from 'react'
import { revokeEnrollmentKey } from '../../api/enrollment'
import type { EnrollmentKey } from '../../contract/enrollment'
import { notify } from '../../stores/notices'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import './texts'

/** Asks before a key stops enrolling for good; the key stays listed, marked revoked, and its devices keep their credentials. */
export function EnrollmentKeyRevoke({ enrollmentKey, onClose, onRevoked }: { enrollmentKey: EnrollmentKey | null; onClose: () => void; onRevoked: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!enrollmentKey) return
    setBusy(true)
    const result = await revokeEnrollmentKey(enrollmentKey.id)
    setBusy(false)
    notify(result.ok ? 'success' : 'error', result.ok ? 'enrollmentKeys.revokedNotice' : result.message)
    onRevoked()
  }
  return (
    <ConfirmDialog
      open={enrollmentKey !== null}
      title={t('enrollmentKeys.revokeTitle', { name: enrollmentKey?.name ?? '' })}
      confirmLabel={t('enrollmentKeys.revokeConfirm')}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p>{t('enrollmentKeys.revokeBody')}</p>
    </ConfirmDialog>
  )
}
