import { useState } from 'react'
import type { Result } from '../../api/client'
import type { UserRecord } from '../../contract/users'
import { messageText } from '../../lib/i18n'
import { notify } from '../../stores/notices'
import { Banner } from '../../ui/banner'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { userUpdateApi, usersApi, withdrawInvitation } from './users-api'
import { displayName } from './user-values'

export type ConfirmKind = 'disable' | 'enable' | 'withdraw' | 'remove'

const run = (kind: ConfirmKind, user: UserRecord): Promise<Result<UserRecord>> => {
  if (kind === 'withdraw') return withdrawInvitation(user.id)
  if (kind === 'remove') return usersApi.remove(user.id)
  const roles = user.roles.map((role) => role.id)
  return userUpdateApi.update(user.id, { roles, status: kind === 'disable' ? 'disabled' : 'active', version: user.version })
}

const NOTICES: Record<ConfirmKind, string> = {
  disable: 'users.disabledNotice',
  enable: 'users.enabledNotice',
  withdraw: 'users.withdrawnNotice',
  remove: 'users.removedNotice',
}

/**
 * Asks before a member is disabled, enabled, removed, or their invitation withdrawn. A refusal
 * (the organization would lose its last role manager, someone changed the member meanwhile)
 * stays in the dialog in the server's words.
 */
export function UserConfirm({ kind, user, onClose, onDone }: { kind: ConfirmKind; user: UserRecord; onClose: () => void; onDone: (user: UserRecord) => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState<string | null>(null)
  const name = displayName(user)
  const confirm = async () => {
    setBusy(true)
    setRefused(null)
    const result = await run(kind, user)
    setBusy(false)
    if (!result.ok) return setRefused(result.message)
    notify('success', NOTICES[kind])
    onDone(result.data)
  }
  return (
    <ConfirmDialog open title={t(`users.${kind}Title`, { name })} confirmLabel={t(`users.${kind}Confirm`)} busy={busy} onConfirm={confirm} onClose={onClose}>
      {refused && <Banner variant="error">{messageText(refused)}</Banner>}
      <p>{t(`users.${kind}Body`, { name })}</p>
    </ConfirmDialog>
  )
}
