import { useRef, useState } from 'react'
import { conflictCurrent } from '../../api/collection'
import { ALERT_CONDITIONS, ALERT_LANGUAGES, ALERT_LIMITS, ALERT_METRICS, ALERT_TARGETS, type AlertRule, type AlertRuleInput } from '../../contract/alerts'
import { LIMITS } from '../../contract/validation'
import { Checkbox, TextField } from '../../ui/fields'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { Select } from '../../ui/select'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { rulesApi } from './alerts-api'
import { DevicePicker } from '../../ui/device-picker'
import { RuleRecipients } from './rule-recipients'
import { inputOf, NEW_RULE, toValues, validateRule, type RuleValues } from './rule-values'
import s from './alerts.module.css'

export interface RuleFormProps {
  /** The rule to edit; null makes a new one. */
  rule: AlertRule | null
  onClose: () => void
  onSaved: (rule: AlertRule) => void
}

/**
 * Makes or edits an alert rule. Each condition shows the fields it needs alone (a grace time for
 * offline, a metric, threshold and duration for a metric, days for an expiring key); a refused
 * save keeps what was typed, with the server's errors on their fields.
 */
export function RuleForm({ rule, onClose, onSaved }: RuleFormProps) {
  const t = useT()
  const [record, setRecord] = useState(rule)
  // Device names by id, for the conflict dialog, which compares ids.
  const deviceNames = useRef(new Map(rule?.device_id ? [[rule.device_id, rule.device_name ?? rule.device_id]] : []))
  const form = useForm<RuleValues>(record ? toValues(record) : NEW_RULE, validateRule, (values): void => save.submit(values))
  const save = useRecordSave<AlertRule, RuleValues>(
    {
      form,
      save: async (values, version) => {
        const input = inputOf(values) as AlertRuleInput
        const result = record && version !== null ? await rulesApi.update(record.id, { ...input, version }) : await rulesApi.create(input)
        const current = conflictCurrent<AlertRule>(result)
        if (current?.device_id) deviceNames.current.set(current.device_id, current.device_name ?? current.device_id)
        return result
      },
      toValues,
      fields: [
        { name: 'name', label: t('alerts.rules.name') },
        { name: 'enabled', label: t('alerts.rules.enabled'), show: (on) => t(on ? 'alerts.rules.on' : 'alerts.rules.off') },
        { name: 'target', label: t('alerts.rules.target'), show: (value) => t(`alerts.rules.targets.${String(value)}`) },
        { name: 'tag', label: t('alerts.rules.tag') },
        { name: 'device_id', label: t('alerts.rules.device'), show: (id) => deviceNames.current.get(String(id)) ?? String(id ?? '') },
        { name: 'condition', label: t('alerts.rules.condition'), show: (value) => t(`alerts.conditions.${String(value)}`) },
        { name: 'grace_s', label: t('alerts.rules.grace') },
        { name: 'metric', label: t('alerts.rules.metric') },
        { name: 'threshold', label: t('alerts.rules.threshold') },
        { name: 'duration_s', label: t('alerts.rules.duration') },
        { name: 'days', label: t('alerts.rules.days') },
        { name: 'user_ids', label: t('alerts.rules.users') },
        { name: 'emails', label: t('alerts.rules.emails') },
        { name: 'webhook_ids', label: t('alerts.rules.webhooks') },
        { name: 'repeat_s', label: t('alerts.rules.repeat') },
        { name: 'language', label: t('alerts.rules.language') },
      ],
      onSaved,
      // Taking theirs keeps the dialog open on the rule as it is now, to edit again or cancel.
      onTaken: setRecord,
    },
    record?.version ?? null,
  )
  const { target, condition } = form.values

  return (
    <RecordDialog
      title={record ? t('alerts.rules.editTitle', { name: record.name }) : t('alerts.rules.createTitle')}
      submitLabel={record ? t('record.save') : t('record.create')}
      save={save}
      onSubmit={form.submit}
      onClose={onClose}
      width={600}
      formClassName={s.form}
    >
      <TextField label={t('alerts.rules.name')} maxLength={LIMITS.name} autoComplete="off" required {...form.text('name')} />
      <Select label={t('alerts.rules.target')} {...form.text('target')} options={ALERT_TARGETS.map((value) => ({ value, label: t(`alerts.rules.targets.${value}`) }))} />
      {target === 'tag' && <TextField label={t('alerts.rules.tag')} maxLength={32} autoComplete="off" required {...form.text('tag')} />}
      {target === 'device' && (
        <DevicePicker
          {...form.text('device_id')}
          names={deviceNames.current}
          texts={{ legend: t('alerts.rules.device'), choose: t('alerts.rules.chooseDevice'), find: t('alerts.rules.findDevice'), none: t('alerts.rules.noDevices') }}
          classes={{ field: s.group, legend: s.legend, hint: s.hint }}
        />
      )}
      <Select label={t('alerts.rules.condition')} {...form.text('condition')} options={ALERT_CONDITIONS.map((value) => ({ value, label: t(`alerts.conditions.${value}`) }))} />
      {condition === 'offline' && (
        <TextField label={t('alerts.rules.grace')} inputMode="numeric" required hint={t('alerts.rules.graceHint', { min: ALERT_LIMITS.minGraceS })} {...form.number('grace_s')} />
      )}
      {condition === 'metric' && (
        <div className={s.row}>
          <Select
            label={t('alerts.rules.metric')}
            {...form.text('metric')}
            options={[{ value: '', label: t('alerts.rules.chooseMetric') }, ...ALERT_METRICS.map((value) => ({ value, label: t(`alerts.rules.metrics.${value}`) }))]}
          />
          <TextField label={t('alerts.rules.threshold')} inputMode="decimal" required {...form.number('threshold')} />
          <TextField label={t('alerts.rules.duration')} inputMode="numeric" required {...form.number('duration_s')} />
        </div>
      )}
      {condition === 'key_expiring' && <TextField label={t('alerts.rules.days')} inputMode="numeric" required {...form.number('days')} />}
      <RuleRecipients users={form.list('user_ids')} emails={form.text('emails')} webhooks={form.list('webhook_ids')} states={record?.email_states} />
      <div className={s.row}>
        <TextField label={t('alerts.rules.repeat')} inputMode="numeric" required hint={t('alerts.rules.repeatHint', { min: ALERT_LIMITS.minRepeatS })} {...form.number('repeat_s')} />
        <Select label={t('alerts.rules.language')} {...form.text('language')} options={ALERT_LANGUAGES.map((value) => ({ value, label: t(`alerts.rules.languages.${value}`) }))} />
      </div>
      <Checkbox label={t('alerts.rules.enabledField')} {...form.checkbox('enabled')} />
    </RecordDialog>
  )
}
