import { useState } from 'react'
import { ALERT_LIMITS, type Alert } from '../../contract/alerts'
import { messageText } from '../../lib/i18n'
import { notify } from '../../stores/notices'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { ChoiceGroup } from '../../ui/choice-group'
import { Dialog } from '../../ui/dialog'
import { TextField } from '../../ui/fields'
import { DialogActions, DialogBody } from '../../ui/record/dialog-sections'
import { TextArea } from '../../ui/text-area'
import { useForm, type FormErrors } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { createMute } from './alerts-api'
import s from './alerts.module.css'

const HOUR = 3_600_000
/** The usual lengths of a mute: a maintenance hour, a shift, a day, a week; or a time of one's own. */
export const MUTE_PRESETS = { '1h': HOUR, '8h': 8 * HOUR, '24h': 24 * HOUR, '7d': 7 * 24 * HOUR } as const
type Preset = keyof typeof MUTE_PRESETS | 'custom'
type What = 'device' | 'rule' | 'both'

type MuteValues = { what: string; preset: string; until: string; note: string }

/** `until` as the server takes it: now plus a preset, or the local date and time typed. */
export function untilOf(values: Pick<MuteValues, 'preset' | 'until'>, now = Date.now()): string | null {
  const ms = MUTE_PRESETS[values.preset as keyof typeof MUTE_PRESETS]
  if (ms) return new Date(now + ms).toISOString()
  const at = Date.parse(values.until)
  return Number.isFinite(at) && at > now ? new Date(at).toISOString() : null
}

const validate = (values: MuteValues): FormErrors => ({
  ...(values.preset === 'custom' && !untilOf(values) ? { until: values.until ? 'fields.range' : 'validation.required' } : {}),
  ...(values.note.length > ALERT_LIMITS.note ? { note: 'validation.tooLong' } : {}),
})

/** Holds back the mails of an alert's device, its rule, or the rule on that device alone, until a time. */
export function MuteDialog({ alert, onClose, onDone }: { alert: Alert; onClose: () => void; onDone: () => void }) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const onDevice = alert.subject_kind === 'device'
  const form = useForm<MuteValues>({ what: onDevice ? 'device' : 'rule', preset: '1h', until: '', note: '' }, validate, async (values) => {
    const what = values.what as What
    setBusy(true)
    setMessage(null)
    const result = await createMute({
      rule_id: what === 'device' ? null : alert.rule_id,
      device_id: what === 'rule' || !onDevice ? null : alert.subject_id,
      until: untilOf(values) ?? values.until,
      note: values.note,
    })
    setBusy(false)
    if (!result.ok) {
      form.setServerErrors(result.errors)
      return setMessage(result.message)
    }
    notify('success', 'alerts.muteDone')
    onDone()
  })
  const names = { device: alert.subject_name, rule: alert.rule_name }
  const whats: { value: What; label: string }[] = [
    ...(onDevice ? [{ value: 'device' as const, label: t('alerts.muteDevice', names) }] : []),
    { value: 'rule', label: t('alerts.muteRule', names) },
    ...(onDevice ? [{ value: 'both' as const, label: t('alerts.muteBoth', names) }] : []),
  ]
  const presets = (['1h', '8h', '24h', '7d', 'custom'] as const).map((value) => ({ value, label: t(`alerts.preset.${value}`) }))
  return (
    <Dialog open onClose={onClose} title={t('alerts.muteTitle')} closeLabel={t('record.cancel')} width={480}>
      <form className={s.form} noValidate onSubmit={form.submit}>
        <DialogBody>
          {message && <Banner variant="error">{messageText(message)}</Banner>}
          <ChoiceGroup<What> legend={t('alerts.muteWhat')} name="what" choices={whats} value={form.values.what as What} onChange={(value) => form.setValue('what', value)} />
          <ChoiceGroup<Preset> legend={t('alerts.muteFor')} name="preset" choices={presets} value={form.values.preset as Preset} onChange={(value) => form.setValue('preset', value)} />
          {form.values.preset === 'custom' && <TextField label={t('alerts.muteUntil')} type="datetime-local" required {...form.text('until')} />}
          <TextArea label={t('alerts.muteNote')} rows={2} maxLength={ALERT_LIMITS.note} {...form.text('note')} />
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('record.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('alerts.mute')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
