import { useEffect, useState } from 'react'
import { messageText } from '../../lib/i18n'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { TextArea } from '../../ui/text-area'
import type { ListBinding, TextFieldBinding } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { usersApi } from './alerts-api'
import s from './alerts.module.css'

/** The most users offered to pick from, the server's largest page. */
const USERS_SHOWN = 100

/**
 * Who a rule tells: users of the organization (picked from its list) and other addresses. The
 * webhooks a rule calls join here as a picker of their own.
 */
export function RuleRecipients({ users, emails }: { users: ListBinding; emails: TextFieldBinding }) {
  const t = useT()
  const [known, setKnown] = useState<{ value: string; label: string }[] | null>(null)
  const [message, setMessage] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    void usersApi.list({ sort: 'name', order: 'asc', per_page: USERS_SHOWN, filters: { status: 'active' } }, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setMessage(result.ok ? null : result.message)
      setKnown(result.ok ? result.data.rows.map((user) => ({ value: user.id, label: user.name ? `${user.name} (${user.email})` : user.email })) : [])
    })
    return () => controller.abort()
  }, [])

  // A user chosen before and not among those listed (no right to list them) stays chosen, by id.
  const options = [...(known ?? []), ...users.value.filter((id) => !known?.some((user) => user.value === id)).map((id) => ({ value: id, label: id }))]
  return (
    <fieldset className={s.group}>
      <legend className={s.legend}>{t('alerts.rules.recipients')}</legend>
      {options.length > 0 && <CheckboxGroup legend={t('alerts.rules.users')} options={options} {...users} />}
      {message && <p className={s.hint}>{messageText(message)}</p>}
      {!message && known?.length === 0 && <p className={s.hint}>{t('alerts.rules.noUsers')}</p>}
      <TextArea label={t('alerts.rules.emails')} rows={2} {...emails} />
      <p className={s.hint}>{t('alerts.rules.emailsHint')}</p>
    </fieldset>
  )
}
