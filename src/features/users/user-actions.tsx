import { useState, type ReactNode } from 'react'
import type { UserRecord, UserRole } from '../../contract/users'
import { notify } from '../../stores/notices'
import { lazyPart } from '../../ui/lazy-part'
import { UserConfirm, type ConfirmKind } from './user-confirm'
import { resendInvitation } from './users-api'

// The roles dialog (a record form) loads when first opened: the list shows without it.
const RolesDialog = lazyPart(() => import('./roles-dialog').then((part) => part.RolesDialog))

export type UserAction = 'roles' | 'resend' | ConfirmKind

export interface UserActionsOptions {
  /** The roles the roles dialog offers (null: those the member holds, for a viewer who cannot read roles). */
  roles: readonly UserRole[] | null
  /** A member changed (its record), or left the list (`null`). */
  onChanged: (user: UserRecord | null, action: UserAction) => void
}

/** What the list and the detail do to a member: `act` starts an action, `dialogs` renders its dialog. */
export function useUserActions({ roles, onChanged }: UserActionsOptions): { act: (action: UserAction, user: UserRecord) => void; dialogs: ReactNode } {
  const [open, setOpen] = useState<{ action: Exclude<UserAction, 'resend'>; user: UserRecord } | null>(null)
  const close = () => setOpen(null)

  const act = (action: UserAction, user: UserRecord) => {
    if (action !== 'resend') return setOpen({ action, user })
    void resendInvitation(user.id).then((result) => {
      notify(result.ok ? 'success' : 'error', result.ok ? 'users.resentNotice' : result.message)
      if (result.ok) onChanged(result.data, action)
    })
  }

  const dialogs =
    open?.action === 'roles' ? (
      <RolesDialog
        key={open.user.id}
        user={open.user}
        roles={roles}
        onClose={close}
        onSaved={(user) => {
          notify('success', 'record.saved')
          close()
          onChanged(user, 'roles')
        }}
      />
    ) : open ? (
      <UserConfirm
        key={`${open.action}-${open.user.id}`}
        kind={open.action}
        user={open.user}
        onClose={close}
        onDone={(user) => {
          close()
          onChanged(open.action === 'withdraw' || open.action === 'remove' ? null : user, open.action)
        }}
      />
    ) : null
  return { act, dialogs }
}
