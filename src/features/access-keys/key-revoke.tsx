import { useState } from 'react'
import type { AccessKey } from '../../contract/access-keys'
import { notify } from '../../stores/notices'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { keysApi } from './access-keys-api'
import './texts'

/** Asks before a key stops working for good; the key stays listed, marked revoked. */
export function KeyRevoke({ accessKey, onClose, onRevoked }: { accessKey: AccessKey | null; onClose: () => void; onRevoked: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!accessKey) return
    setBusy(true)
    const result = await keysApi.remove(accessKey.id)
    setBusy(false)
    notify(result.ok ? 'success' : 'error', result.ok ? 'accessKeys.revokedNotice' : result.message)
    onRevoked()
  }
  return (
    <ConfirmDialog
      open={accessKey !== null}
      title={t('accessKeys.revokeTitle', { name: accessKey?.name ?? '' })}
      confirmLabel={t('accessKeys.revokeConfirm')}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t('accessKeys.revokeBody')}</p>
    </ConfirmDialog>
  )
}
