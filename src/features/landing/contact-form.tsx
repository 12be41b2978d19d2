import { useState } from 'react'
import { ContactForm as ContactSchema } from '../../contract/contact'
import { check } from '../../contract/validation'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/fields'
import { TextArea } from '../../ui/text-area'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import s from './contact-form.module.css'

const validate = (values: Record<string, unknown>) => errorsOf(check(ContactSchema, values))

/** Name and e-mail required, a message optional. Send checks them and sends nothing: the form is a demo. */
export function ContactForm() {
  const t = useT()
  const [checked, setChecked] = useState(false)
  const form = useForm({ name: '', email: '', messages: '' }, validate, () => setChecked(true))
  return (
    <form className={s.form} noValidate onSubmit={form.submit}>
      <div className={s.pair}>
        <TextField label={t('landing.contact.name')} autoComplete="name" {...form.text('name')} />
        <TextField label={t('landing.contact.email')} type="email" autoComplete="email" {...form.text('email')} />
      </div>
      <TextArea label={t('landing.contact.messages')} rows={5} className={s.message} {...form.text('messages')} />
      {checked && <Banner variant="info">{t('landing.contact.notSent')}</Banner>}
      <Button type="submit" variant="primary" className={s.send}>
        {t('landing.contact.send')}
      </Button>
    </form>
  )
}
