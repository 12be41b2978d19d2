import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $locale } from '../../stores/locale'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { TextField } from '../../ui/fields'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { DemoCard } from './demo-form'
import s from './forms-screen.module.css'
import { maskDate, maskTime, readDateTime } from './masks'
import { whenErrors } from './validation'

/**
 * The template's masked date and time: each field takes its shape as the user types, and a valid
 * pair is read back in words, in the page's language. Nothing is sent.
 */
export function WhenCard() {
  const t = useT()
  const locale = useStore($locale)
  const [read, setRead] = useState<string | null>(null)
  const form = useForm({ date: '', time: '' }, whenErrors, ({ date, time }) => {
    const moment = readDateTime(date, time)
    // Written as the moment was typed: the fields name no time zone.
    if (moment) setRead(new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(moment))
  })
  const date = form.text('date')
  const time = form.text('time')
  return (
    <DemoCard id="demo-forms-when" title={t('demo-forms.when.title')}>
      <form
        className={s.form}
        noValidate
        onSubmit={(event) => {
          setRead(null)
          form.submit(event)
        }}
      >
        {/* Both formats read left to right, in a right-to-left page too. */}
        <TextField label={t('demo-forms.when.date')} inputMode="numeric" dir="ltr" autoComplete="off" {...date} onChange={(value) => date.onChange(maskDate(value))} />
        <TextField label={t('demo-forms.when.time')} dir="ltr" autoComplete="off" {...time} onChange={(value) => time.onChange(maskTime(value))} />
        <p className={card.muted}>{t('demo-forms.when.timeHint')}</p>
        <Button type="submit" variant="primary">
          {t('demo-forms.when.submit')}
        </Button>
      </form>
      {read && (
        <Banner variant="success" onClose={() => setRead(null)}>
          {t('demo-forms.when.read', { when: read })}
        </Banner>
      )}
    </DemoCard>
  )
}
