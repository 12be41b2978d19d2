import { useState } from 'react'
import type { IssuedWebhook, Webhook } from '../../contract/webhooks'
import { notify } from '../../stores/notices'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { rotateWebhook, webhooksApi } from '../../api/webhooks'

interface ConfirmProps {
  webhook: Webhook | null
  onClose: () => void
}

/** Asks before a new signing secret replaces the old one, which signs nothing more. */
export function WebhookRotate({ webhook, onClose, onRotated }: ConfirmProps & { onRotated: (webhook: IssuedWebhook | null) => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!webhook) return
    setBusy(true)
    const result = await rotateWebhook(webhook.id)
    setBusy(false)
    notify(result.ok ? 'success' : 'error', result.ok ? 'webhooks.rotatedNotice' : result.message)
    onRotated(result.ok ? result.data : null)
  }
  return (
    <ConfirmDialog
      open={webhook !== null}
      title={t('webhooks.rotateTitle', { name: webhook?.name ?? '' })}
      confirmLabel={t('webhooks.rotateConfirm')}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t('webhooks.rotateBody')}</p>
    </ConfirmDialog>
  )
}

/** Asks before a webhook goes, with its delivery log. */
export function WebhookDelete({ webhook, onClose, onDeleted }: ConfirmProps & { onDeleted: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!webhook) return
    setBusy(true)
    const result = await webhooksApi.remove(webhook.id)
    setBusy(false)
    // Already gone is what the user wanted too.
    if (result.ok || result.status === 404) notify('success', 'webhooks.deletedNotice')
    else notify('error', result.message)
    onDeleted()
  }
  return (
    <ConfirmDialog
      open={webhook !== null}
      title={t('webhooks.deleteTitle', { name: webhook?.name ?? '' })}
      confirmLabel={t('webhooks.deleteConfirm')}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t('webhooks.deleteBody')}</p>
    </ConfirmDialog>
  )
}
