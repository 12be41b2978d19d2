import { useState } from 'react'
import { call } from '../../api/client'
import { CONTACT_PATH, ContactForm as ContactSchema, type ContactSent } from '../../contract/contact'
import { check } from '../../contract/validation'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/fields'
import { TextArea } from '../../ui/text-area'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import s from './contact-form.module.css'

const validate = (values: Record<string, unknown>) => errorsOf(check(ContactSchema, values))

const EMPTY = { name: '', email: '', messages: '' }

type Outcome = { kind: 'sent'; name: string } | { kind: 'tooMany' } | { kind: 'failed' }

/** Name and e-mail required, a message optional; Send mails it to whoever runs the console. */
export function ContactForm() {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [website, setWebsite] = useState('')
  const form = useForm(EMPTY, validate, async (values) => {
    setBusy(true)
    setOutcome(null)
    const result = await call<ContactSent>('POST', CONTACT_PATH, { body: { ...values, website } })
    setBusy(false)
    if (result.ok) {
      form.reset(EMPTY)
      return setOutcome({ kind: 'sent', name: values.name.trim() })
    }
    // What was typed stays in the fields, to send again.
    if (result.errors) form.setServerErrors(result.errors)
    setOutcome({ kind: result.status === 429 ? 'tooMany' : 'failed' })
  })
  return (
    <form className={s.form} noValidate onSubmit={form.submit}>
      <div className={s.pair}>
        <TextField label={t('landing.contact.name')} autoComplete="name" {...form.text('name')} />
        <TextField label={t('landing.contact.email')} type="email" autoComplete="email" {...form.text('email')} />
      </div>
      <TextArea label={t('landing.contact.messages')} rows={5} className={s.message} {...form.text('messages')} />
      {/* Off screen rather than display: none, which some form-filling robots skip. */}
      <div className="visually-hidden" aria-hidden="true">
        <label>
          {t('landing.contact.trap')}
          <input name="website" tabIndex={-1} autoComplete="off" value={website} onChange={(event) => setWebsite(event.currentTarget.value)} />
        </label>
      </div>
      {outcome?.kind === 'sent' && <Banner variant="success">{t('landing.contact.sent', { name: outcome.name })}</Banner>}
      {outcome?.kind === 'tooMany' && <Banner variant="error">{t('landing.contact.tooMany')}</Banner>}
      {outcome?.kind === 'failed' && <Banner variant="error">{t('landing.contact.failed')}</Banner>}
      <Button type="submit" variant="primary" className={s.send} busy={busy}>
        {t('landing.contact.send')}
      </Button>
    </form>
  )
}
