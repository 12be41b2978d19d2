import { useStore } from '@nanostores/react'
import { ForgotBody } from '../../contract/auth'
import { check } from '../../contract/validation'
import { $session } from '../../stores/session'
import { passwordForget } from '../../stores/sign-in'
import '../../ui/auth-texts'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/fields'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import s from './form.module.css'

const validate = (values: Record<string, unknown>) => errorsOf(check(ForgotBody, values))

/** Asks for a reset link; the session store keeps the answer as its message. */
export function ForgotForm() {
  const t = useT()
  const { loading } = useStore($session)
  const form = useForm({ email: '' }, validate, ({ email }) => passwordForget(email.trim()))
  return (
    <form className={s.form} method="post" noValidate onSubmit={form.submit}>
      <TextField label={t('auth.email')} type="email" autoComplete="email" {...form.text('email')} />
      <Button type="submit" variant="primary" block busy={loading}>
        {t('auth.sendLink')}
      </Button>
    </form>
  )
}
