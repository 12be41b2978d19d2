import { useState } from 'react'
import type { Failed } from '../../api/client'
import type { BulkCollection, BulkParams } from '../../contract/bulk'
import type { UserRole } from '../../contract/users'
import { messageText } from '../../lib/i18n'
import { Banner } from '../banner'
import { Button } from '../button'
import { CheckboxGroup } from '../checkbox-group'
import { Dialog } from '../dialog'
import { TextField } from '../fields'
import { useForm } from '../use-form'
import { useT } from '../use-t'
import { EMPTY_BULK_VALUES, paramsOf, validateBulkValues, valueErrors, type BulkRules, type BulkValues } from './bulk-values'
import r from '../record/record.module.css'
import s from './bulk.module.css'

export interface BulkValueDialogProps {
  collection: BulkCollection
  action: 'tag_add' | 'tag_remove' | 'set_location' | 'set_roles'
  /** The organization's roles, for `set_roles`; null while unknown. */
  roles: readonly UserRole[] | null
  /** The record form's rules for the value, from the list's screen. */
  rules?: BulkRules
  /** Asks for the preview; answers the failure, or null once the preview is shown instead. */
  preview: (params: BulkParams) => Promise<Failed | null>
  onClose: () => void
}

/**
 * Asks for the value an action sets (a tag, a location, roles), checked by the record forms'
 * rules; a refused preview shows its message on the field and keeps what was typed.
 */
export function BulkValueDialog({ collection, action, roles, rules, preview, onClose }: BulkValueDialogProps) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')
  const form = useForm<BulkValues>(EMPTY_BULK_VALUES, (values) => validateBulkValues(action, values, rules), async (values) => {
    setBusy(true)
    setMessage('')
    const failed = await preview(paramsOf(action, values))
    setBusy(false)
    if (!failed) return
    const fields = valueErrors(failed.errors)
    form.setServerErrors(fields)
    if (!fields) setMessage(failed.message)
  })
  return (
    <Dialog open onClose={onClose} title={t(`bulk.actions.${collection}.${action}`)} width={440}>
      <form onSubmit={form.submit} noValidate>
        <div className={r.body}>
          {(action === 'tag_add' || action === 'tag_remove') && (
            <TextField label={t('bulk.value.tag')} {...form.text('tag')} maxLength={32} autoComplete="off" required data-autofocus />
          )}
          {action === 'set_location' && (
            <>
              <TextField label={t('bulk.value.location')} {...form.text('location')} maxLength={120} autoComplete="off" data-autofocus />
              <p className={s.hint}>{t('bulk.value.locationHint')}</p>
            </>
          )}
          {action === 'set_roles' &&
            (roles ? (
              <>
                <CheckboxGroup legend={t('bulk.value.roles')} options={roles.map((role) => ({ value: role.id, label: role.name }))} {...form.list('roles')} />
                <p className={s.hint}>{t('bulk.value.rolesHint')}</p>
              </>
            ) : (
              <p>{t('bulk.value.noRoles')}</p>
            ))}
          {message && <Banner variant="error">{messageText(message)}</Banner>}
        </div>
        <div className={r.actions}>
          <Button variant="secondary" onClick={onClose}>
            {t('bulk.cancel')}
          </Button>
          <Button type="submit" busy={busy} disabled={action === 'set_roles' && !roles}>
            {t('bulk.value.next')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
