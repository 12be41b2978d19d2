import { useState } from 'react'
import type { AlertRule } from '../../contract/alerts'
import { notify } from '../../stores/notices'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { rulesApi } from './alerts-api'

/** Asks before a rule goes: its alerts end with it, and nobody is mailed for it again. */
export function RuleDelete({ rule, onClose, onDeleted }: { rule: AlertRule | null; onClose: () => void; onDeleted: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!rule) return
    setBusy(true)
    const result = await rulesApi.remove(rule.id)
    setBusy(false)
    // Already gone is what the user wanted too.
    if (result.ok || result.status === 404) notify('success', 'alerts.rules.deleted')
    else notify('error', result.message)
    onDeleted()
  }
  return (
    <ConfirmDialog
      open={rule !== null}
      title={t('alerts.rules.deleteTitle', { name: rule?.name ?? '' })}
      confirmLabel={t('alerts.rules.deleteConfirm')}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t('alerts.rules.deleteBody')}</p>
    </ConfirmDialog>
  )
}
