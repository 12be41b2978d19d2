import { useState } from 'react'
import { WebhookInput, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX, type IssuedWebhook, type Webhook } from '../../contract/webhooks'
import { check, LIMITS } from '../../contract/validation'
import { Checkbox, TextField } from '../../ui/fields'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { TextArea } from '../../ui/text-area'
import { errorsOf, useForm, type FormErrors } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { webhooksApi } from '../../api/webhooks'

type Values = { name: string; url: string; enabled: boolean; description: string }

const toValues = (webhook: Webhook): Values => ({ name: webhook.name, url: webhook.url, enabled: webhook.enabled, description: webhook.description })
const validate = (values: Values): FormErrors => errorsOf(check(WebhookInput, values))

export interface WebhookFormProps {
  /** The webhook to edit; null makes a new one. */
  webhook: Webhook | null
  onClose: () => void
  /** The saved webhook; a new one comes with its signing secret, to show once and forget. */
  onSaved: (webhook: Webhook | IssuedWebhook) => void
}

/**
 * Makes or edits a webhook. The URL's shape is checked as it is typed; which hosts may be reached
 * the server says, on the field, and what was typed stays. A save over someone else's newer
 * change asks which to keep.
 */
export function WebhookForm({ webhook, onClose, onSaved }: WebhookFormProps) {
  const t = useT()
  const [record, setRecord] = useState(webhook)
  const form = useForm<Values>(record ? toValues(record) : { name: '', url: '', enabled: true, description: '' }, validate, (values): void => save.submit(values))
  const save = useRecordSave<Webhook, Values>(
    {
      form,
      save: (values, version) => (record && version !== null ? webhooksApi.update(record.id, { ...values, version }) : webhooksApi.create(values)),
      toValues,
      fields: [
        { name: 'name', label: t('webhooks.name') },
        { name: 'url', label: t('webhooks.url') },
        { name: 'enabled', label: t('webhooks.status'), show: (on) => t(on ? 'webhooks.statusOn' : 'webhooks.statusOff') },
        { name: 'description', label: t('webhooks.description') },
      ],
      onSaved,
      onTaken: setRecord,
    },
    record?.version ?? null,
  )
  return (
    <RecordDialog
      title={record ? t('webhooks.editTitle', { name: record.name }) : t('webhooks.createTitle')}
      width={560}
      submitLabel={record ? t('record.save') : t('record.create')}
      save={save}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <TextField label={t('webhooks.name')} maxLength={LIMITS.name} autoComplete="off" required {...form.text('name')} />
      <TextField label={t('webhooks.url')} dir="ltr" inputMode="url" maxLength={WEBHOOK_URL_MAX} autoComplete="off" spellCheck={false} required hint={t('webhooks.urlHint')} {...form.text('url')} />
      <TextArea label={t('webhooks.description')} rows={2} maxLength={WEBHOOK_DESCRIPTION_MAX} {...form.text('description')} />
      <Checkbox label={t('webhooks.enabled')} {...form.checkbox('enabled')} />
    </RecordDialog>
  )
}
