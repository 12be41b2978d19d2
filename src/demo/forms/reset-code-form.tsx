import { useState } from 'react'
import '../../ui/auth-texts'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { TextField } from '../../ui/fields'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { DemoCard } from './demo-form'
import s from './forms-screen.module.css'
import { codeMatches, makeCode } from './reset-code'
import { messageErrors, resetErrors } from './validation'

/**
 * The template's reset form with a code: a valid address 'sends' a made-up code, which the card
 * shows as the e-mail would; a message equal to it shows a success banner, any other an error one.
 * `random` is where codes come from (tests give a fixed one).
 */
export function ResetCodeCard({ random }: { random?: () => number }) {
  const t = useT()
  const [sent, setSent] = useState<{ email: string; code: string } | null>(null)
  const [matched, setMatched] = useState<boolean | null>(null)
  const message = useForm({ message: '' }, messageErrors, (values) => setMatched(codeMatches(sent?.code ?? null, values.message)))
  const reset = useForm({ email: '' }, resetErrors, ({ email }) => {
    setSent({ email: email.trim(), code: makeCode(random) })
    setMatched(null)
    message.reset({ message: '' })
  })
  const field = message.text('message')
  return (
    <DemoCard id="demo-forms-reset" title={t('demo-forms.reset.title')}>
      <p className={card.muted}>{t('demo-forms.reset.intro')}</p>
      <form className={s.form} noValidate onSubmit={reset.submit}>
        <TextField label={t('auth.email')} type="email" autoComplete="off" {...reset.text('email')} />
        <Button type="submit" variant="primary">
          {t('demo-forms.reset.send')}
        </Button>
      </form>
      {sent && (
        <>
          <Banner variant="success">{t('demo-forms.reset.sent')}</Banner>
          <aside className={s.mail} aria-labelledby="demo-forms-mail">
            <h3 id="demo-forms-mail" className={s.mailTitle}>
              {t('demo-forms.reset.mail')}
            </h3>
            <p className={card.muted}>{t('demo-forms.reset.mailTo', { email: sent.email })}</p>
            <p>{t('demo-forms.reset.mailBody', { code: sent.code })}</p>
          </aside>
          <form className={s.form} noValidate onSubmit={message.submit}>
            <TextField
              label={t('demo-forms.reset.message')}
              autoComplete="off"
              {...field}
              onChange={(value) => {
                // A new message is not yet checked: the last answer goes.
                setMatched(null)
                field.onChange(value)
              }}
            />
            <Button type="submit">{t('demo-forms.reset.check')}</Button>
          </form>
          {matched === true && <Banner variant="success">{t('demo-forms.reset.right')}</Banner>}
          {matched === false && <Banner variant="error">{t('demo-forms.reset.wrong')}</Banner>}
        </>
      )}
    </DemoCard>
  )
}
