import { useState } from 'react'
import type { RoleRecord } from '../../contract/roles'
import { messageText } from '../../lib/i18n'
import { notify } from '../../stores/notices'
import { Banner } from '../../ui/banner'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { RolePreviewNote } from './role-preview'
import { rolesApi } from './roles-api'

/**
 * Asks before a role goes, saying from the server's count what its holders lose; they stay
 * members of the organization. A refusal (the last role manager) shows in the dialog.
 */
export function RoleDelete({ role, onClose, onDeleted }: { role: RoleRecord | null; onClose: () => void; onDeleted: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    setError(null)
    onClose()
  }
  const confirm = async () => {
    if (!role) return
    setBusy(true)
    const result = await rolesApi.remove(role.id)
    setBusy(false)
    if (!result.ok) return setError(result.message)
    notify('success', 'roles.deleted')
    setError(null)
    onDeleted()
  }
  return (
    <ConfirmDialog open={role !== null} title={t('roles.deleteTitle', { name: role?.name ?? '' })} confirmLabel={t('record.delete')} busy={busy} onConfirm={confirm} onClose={close}>
      <p>{t('roles.deleteBody')}</p>
      {role && <RolePreviewNote roleId={role.id} rights={null} />}
      {error && <Banner variant="error">{messageText(error)}</Banner>}
    </ConfirmDialog>
  )
}
