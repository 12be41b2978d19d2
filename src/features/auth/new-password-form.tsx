import { useState } from 'react'
import { Link } from 'wouter'
import { resetPassword } from '../../api/auth'
import { resetFormErrors } from '../../contract/auth'
import { messageText } from '../../lib/i18n'
import '../../ui/auth-texts'
import { Banner } from '../../ui/banner'
import { Button, buttonClass } from '../../ui/button'
import { TextField } from '../../ui/fields'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import s from './form.module.css'

type Outcome = { state: 'idle' | 'busy' | 'done' } | { state: 'failed'; message: string }

/** Sets a new password with the token of the e-mailed link. */
export function NewPasswordForm({ token }: { token: string }) {
  const t = useT()
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' })
  const form = useForm({ password: '', passwordConfirm: '' }, resetFormErrors, async ({ password }) => {
    setOutcome({ state: 'busy' })
    const result = await resetPassword({ token, password })
    setOutcome(result.ok ? { state: 'done' } : { state: 'failed', message: result.message })
  })

  if (outcome.state === 'done') {
    return (
      <>
        <Banner variant="success">{t('session.passwordChanged')}</Banner>
        <Link href="/login" className={buttonClass('primary', true)}>
          {t('auth.signInLink')}
        </Link>
      </>
    )
  }
  return (
    <>
      {outcome.state === 'failed' && (
        <Banner variant="error" onClose={() => setOutcome({ state: 'idle' })}>
          {messageText(outcome.message)}
        </Banner>
      )}
      <form className={s.form} method="post" noValidate onSubmit={form.submit}>
        <TextField label={t('auth.newPassword')} type="password" autoComplete="new-password" {...form.text('password')} />
        <TextField
          label={t('auth.passwordConfirm')}
          type="password"
          autoComplete="new-password"
          {...form.text('passwordConfirm')}
        />
        <Button type="submit" variant="primary" block busy={outcome.state === 'busy'}>
          {t('auth.setPassword')}
        </Button>
      </form>
    </>
  )
}
