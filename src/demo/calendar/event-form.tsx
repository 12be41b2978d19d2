import { Button } from '../../ui/button'
import { TextField } from '../../ui/fields'
import { Select } from '../../ui/select'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { EVENT_KINDS, EVENT_TITLE_MAX, eventErrors, type EventDraft } from './calendar'
import s from './calendar-screen.module.css'
import { maskDate, maskTime } from './masks'

export interface EventFormProps {
  draft: EventDraft
  /** Editing an existing event: it can be deleted. */
  editing: boolean
  onSave: (draft: EventDraft) => void
  onDelete: () => void
  onCancel: () => void
}

/** The event dialog's form: a title (required, at most 64), a date and a time masked as typed, a kind. */
export function EventForm({ draft, editing, onSave, onDelete, onCancel }: EventFormProps) {
  const t = useT()
  const form = useForm(draft, eventErrors, onSave)
  const date = form.text('date')
  const time = form.text('time')
  return (
    <form className={s.form} noValidate onSubmit={form.submit}>
      <TextField label={t('demo-calendar.eventTitle')} maxLength={EVENT_TITLE_MAX} autoComplete="off" data-autofocus {...form.text('title')} />
      <div className={s.pair}>
        <TextField
          label={t('demo-calendar.date')}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('demo-calendar.datePattern')}
          {...date}
          onChange={(value) => form.setValue('date', maskDate(value))}
        />
        <TextField
          label={t('demo-calendar.time')}
          autoComplete="off"
          placeholder={t('demo-calendar.timePattern')}
          {...time}
          // Deleting is what leaves a shorter start of the old value; a paste or a fill is typing.
          onChange={(value) => form.setValue('time', maskTime(value, value.length < time.value.length && time.value.startsWith(value)))}
        />
      </div>
      <Select label={t('demo-calendar.kind')} options={EVENT_KINDS.map((kind) => ({ value: kind, label: t(`demo-calendar.kinds.${kind}`) }))} {...form.text('kind')} />
      <div className={s.actions}>
        {editing && (
          <Button variant="secondary" className={s.delete} onClick={onDelete}>
            {t('demo-calendar.delete')}
          </Button>
        )}
        <Button variant="text" onClick={onCancel}>
          {t('demo-calendar.cancel')}
        </Button>
        <Button type="submit">{t('demo-calendar.save')}</Button>
      </div>
    </form>
  )
}
