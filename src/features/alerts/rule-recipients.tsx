import { clsx } from 'clsx'
import { useEffect, useState } from 'react'
import { webhooksApi } from '../../api/webhooks'
import type { AlertRule } from '../../contract/alerts'
import { messageText } from '../../lib/i18n'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { TextArea } from '../../ui/text-area'
import type { ListBinding, TextFieldBinding } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { usersApi } from './alerts-api'
import s from './alerts.module.css'

/** The most users offered to pick from, the server's largest page. */
const USERS_SHOWN = 100

type Option = { value: string; label: string }

/** What was chosen before and is not among those listed (no right to list them) stays chosen, by id. */
const withChosen = (known: readonly Option[] | null, chosen: readonly string[]): Option[] => [
  ...(known ?? []),
  ...chosen.filter((id) => !known?.some((option) => option.value === id)).map((id) => ({ value: id, label: id })),
]

/** The organization's webhooks a rule may call, by name and address. */
function useWebhookOptions(): Option[] | null {
  const [known, setKnown] = useState<Option[] | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    void webhooksApi.list({ sort: 'name', order: 'asc', per_page: USERS_SHOWN }, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setKnown(result.ok ? result.data.rows.map((webhook) => ({ value: webhook.id, label: `${webhook.name} (${webhook.url})` })) : [])
    })
    return () => controller.abort()
  }, [])
  return known
}

/** Where each address of the saved rule stands: a member's, or an outside one waiting, confirmed or refused. */
function EmailStates({ states }: { states: AlertRule['email_states'] }) {
  const t = useT()
  const caption = t('alerts.rules.emailStatesCaption')
  return (
    <ul className={s.states} aria-label={caption}>
      {states.map(({ email, state }) => (
        <li key={email} className={clsx(state === 'pending' && s.pending, state === 'refused' && s.refused)}>
          {t('alerts.rules.emailState', { email, state: t(`alerts.rules.emailStates.${state}`) })}
        </li>
      ))}
    </ul>
  )
}

export interface RuleRecipientsProps {
  users: ListBinding
  emails: TextFieldBinding
  webhooks: ListBinding
  /** The saved rule's addresses and where each stands; none for a new rule. */
  states?: AlertRule['email_states']
}

/**
 * Who a rule tells: users of the organization (picked from its list), other addresses (those of
 * no member confirm first), and the organization's webhooks.
 */
export function RuleRecipients({ users, emails, webhooks, states }: RuleRecipientsProps) {
  const t = useT()
  const [known, setKnown] = useState<Option[] | null>(null)
  const [message, setMessage] = useState<string | null>(null)
  const knownWebhooks = useWebhookOptions()

  useEffect(() => {
    const controller = new AbortController()
    void usersApi.list({ sort: 'name', order: 'asc', per_page: USERS_SHOWN, filters: { status: ['active'] } }, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setMessage(result.ok ? null : result.message)
      setKnown(result.ok ? result.data.rows.map((user) => ({ value: user.id, label: user.name ? `${user.name} (${user.email})` : user.email })) : [])
    })
    return () => controller.abort()
  }, [])

  const options = withChosen(known, users.value)
  const webhookOptions = withChosen(knownWebhooks, webhooks.value)
  return (
    <fieldset className={s.group}>
      <legend className={s.legend}>{t('alerts.rules.recipients')}</legend>
      {options.length > 0 && <CheckboxGroup legend={t('alerts.rules.users')} options={options} {...users} />}
      {message && <p className={s.hint}>{messageText(message)}</p>}
      {!message && known?.length === 0 && <p className={s.hint}>{t('alerts.rules.noUsers')}</p>}
      <TextArea label={t('alerts.rules.emails')} rows={2} hint={`${t('alerts.rules.emailsHint')} ${t('alerts.rules.emailsConfirmHint')}`} {...emails} />
      {states && states.length > 0 && <EmailStates states={states} />}
      {webhookOptions.length > 0 ? (
        <CheckboxGroup legend={t('alerts.rules.webhooks')} options={webhookOptions} {...webhooks} />
      ) : (
        knownWebhooks && <p className={s.hint}>{t('alerts.rules.noWebhooks')}</p>
      )}
    </fieldset>
  )
}
