import { useState } from 'react'
import type { AppIdRecord, IssuedAppId } from '../../contract/app-ids'
import { notify } from '../../stores/notices'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { appIdsApi, rotateAppId } from './app-ids-api'

interface ConfirmProps {
  app: AppIdRecord | null
  onClose: () => void
}

/** Asks before a new secret replaces the old one, which stops working at once. */
export function AppRotate({ app, onClose, onRotated }: ConfirmProps & { onRotated: (app: IssuedAppId | null) => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!app) return
    setBusy(true)
    const result = await rotateAppId(app.id)
    setBusy(false)
    notify(result.ok ? 'success' : 'error', result.ok ? 'appIds.rotatedNotice' : result.message)
    onRotated(result.ok ? result.data : null)
  }
  return (
    <ConfirmDialog
      open={app !== null}
      title={t('appIds.rotateTitle', { name: app?.name ?? '' })}
      confirmLabel={t('appIds.rotateConfirm')}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t('appIds.rotateBody')}</p>
    </ConfirmDialog>
  )
}

/** Asks before an app id goes, with every token it holds. */
export function AppDelete({ app, onClose, onDeleted }: ConfirmProps & { onDeleted: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!app) return
    setBusy(true)
    const result = await appIdsApi.remove(app.id)
    setBusy(false)
    // Already gone is what the user wanted too.
    if (result.ok || result.status === 404) notify('success', 'appIds.deletedNotice')
    else notify('error', result.message)
    onDeleted()
  }
  return (
    <ConfirmDialog
      open={app !== null}
      title={t('appIds.deleteTitle', { name: app?.name ?? '' })}
      confirmLabel={t('appIds.deleteConfirm')}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t('appIds.deleteBody')}</p>
    </ConfirmDialog>
  )
}
