import { useStore } from '@nanostores/react'
import { registerFormErrors } from '../../contract/auth'
import { $session } from '../../stores/session'
import { registerWithEmail } from '../../stores/sign-in'
import '../../ui/auth-texts'
import { Button } from '../../ui/button'
import { Checkbox, TextField } from '../../ui/fields'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import s from './form.module.css'

const EMPTY = { name: '', email: '', password: '', passwordConfirm: '', agree: false }

/** Name, e-mail, a password typed twice and the terms; registering signs the user in. */
export function RegisterForm() {
  const t = useT()
  const { loading } = useStore($session)
  const form = useForm(EMPTY, registerFormErrors, ({ name, email, password }) =>
    registerWithEmail({ name: name.trim(), email: email.trim(), password }),
  )
  const agree = (
    <>
      {t('auth.agree')}{' '}
      <a href="/terms-conditions" target="_blank" rel="noopener">
        {t('auth.terms')}
      </a>
    </>
  )
  return (
    <form className={s.form} method="post" noValidate onSubmit={form.submit}>
      <TextField label={t('auth.name')} autoComplete="name" {...form.text('name')} />
      <TextField label={t('auth.email')} type="email" autoComplete="email" {...form.text('email')} />
      <TextField label={t('auth.password')} type="password" autoComplete="new-password" {...form.text('password')} />
      <TextField
        label={t('auth.passwordConfirm')}
        type="password"
        autoComplete="new-password"
        {...form.text('passwordConfirm')}
      />
      <Checkbox label={agree} {...form.checkbox('agree')} />
      <Button type="submit" variant="primary" block busy={loading}>
        {t('auth.register')}
      </Button>
    </form>
  )
}
