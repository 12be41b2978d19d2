import { useState } from 'react'
import type { Tunnel } from '../../contract/tunnels'
import { notify } from '../../stores/notices'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { tunnelsApi } from './tunnels-api'
import './texts'

/** Asks before a tunnel goes: its public endpoint stops answering, for good. */
export function TunnelDelete({ tunnel, onClose, onDeleted }: { tunnel: Tunnel | null; onClose: () => void; onDeleted: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!tunnel) return
    setBusy(true)
    const result = await tunnelsApi.remove(tunnel.id)
    setBusy(false)
    // Already gone is what the user wanted too.
    if (result.ok || result.status === 404) notify('success', 'tunnels.deleted')
    else notify('error', result.message)
    onDeleted()
  }
  return (
    <ConfirmDialog
      open={tunnel !== null}
      title={t('tunnels.deleteTitle', { name: tunnel?.name ?? '' })}
      confirmLabel={t('tunnels.deleteConfirm')}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>{t('tunnels.deleteBody', { endpoint: tunnel?.public_endpoint ?? '' })}</p>
    </ConfirmDialog>
  )
}
