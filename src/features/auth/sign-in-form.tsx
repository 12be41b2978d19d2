import { useStore } from '@nanostores/react'
import { Link } from 'wouter'
import { LoginForm } from '../../contract/auth'
import { check } from '../../contract/validation'
import { $session } from '../../stores/session'
import { loginWithEmail } from '../../stores/sign-in'
import '../../ui/auth-texts'
import { Button } from '../../ui/button'
import { Checkbox, TextField } from '../../ui/fields'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import s from './form.module.css'

const validate = (values: Record<string, unknown>) => errorsOf(check(LoginForm, values))

/** E-mail and password; the session store signs in and the route guard moves on. */
export function SignInForm() {
  const t = useT()
  const { loading } = useStore($session)
  const form = useForm({ email: '', password: '', remember: false }, validate, ({ email, password, remember }) =>
    loginWithEmail({ email: email.trim(), password, remember }),
  )
  return (
    <form className={s.form} method="post" noValidate onSubmit={form.submit}>
      <TextField label={t('auth.email')} type="email" autoComplete="email" {...form.text('email')} />
      <TextField label={t('auth.password')} type="password" autoComplete="current-password" {...form.text('password')} />
      <div className={s.row}>
        <Checkbox label={t('auth.remember')} {...form.checkbox('remember')} />
        <Link href="/reset-password" className={s.link}>
          {t('auth.forgot')}
        </Link>
      </div>
      <Button type="submit" variant="primary" block busy={loading}>
        {t('auth.signIn')}
      </Button>
    </form>
  )
}
