import '../../ui/auth-texts'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { Checkbox, TextField } from '../../ui/fields'
import { useT } from '../../ui/use-t'
import { DemoCard, useDemoForm } from './demo-form'
import s from './forms-screen.module.css'
import { lockErrors, registerErrors, signInErrors } from './validation'

// The demo forms hold made-up values: no browser should offer to fill or keep them.
const NO_FILL = 'off'

/** The template's sign-in form: e-mail, password, remember me. */
export function SignInCard() {
  const t = useT()
  const { form, submit, banner } = useDemoForm({ email: '', password: '', remember: false }, signInErrors)
  return (
    <DemoCard id="demo-forms-sign-in" title={t('demo-forms.signIn.title')}>
      <form className={s.form} noValidate onSubmit={submit}>
        <TextField label={t('auth.email')} type="email" autoComplete={NO_FILL} {...form.text('email')} />
        <TextField label={t('auth.password')} type="password" autoComplete={NO_FILL} {...form.text('password')} />
        <Checkbox label={t('auth.remember')} {...form.checkbox('remember')} />
        <Button type="submit" variant="primary">
          {t('demo-forms.signIn.submit')}
        </Button>
      </form>
      {banner}
    </DemoCard>
  )
}

/** The template's register form: name, e-mail, a password typed twice and the terms. */
export function RegisterCard() {
  const t = useT()
  const { form, submit, banner } = useDemoForm({ name: '', email: '', password: '', passwordConfirm: '', agree: false }, registerErrors)
  const agree = (
    <>
      {t('auth.agree')}{' '}
      <a href="/terms-conditions" target="_blank" rel="noopener">
        {t('auth.terms')}
      </a>
    </>
  )
  return (
    <DemoCard id="demo-forms-register" title={t('demo-forms.register.title')}>
      <form className={s.form} noValidate onSubmit={submit}>
        <TextField label={t('auth.name')} autoComplete={NO_FILL} {...form.text('name')} />
        <TextField label={t('auth.email')} type="email" autoComplete={NO_FILL} {...form.text('email')} />
        <TextField label={t('auth.password')} type="password" autoComplete={NO_FILL} {...form.text('password')} />
        <TextField label={t('auth.passwordConfirm')} type="password" autoComplete={NO_FILL} {...form.text('passwordConfirm')} />
        <Checkbox label={agree} {...form.checkbox('agree')} />
        <Button type="submit" variant="primary">
          {t('demo-forms.register.submit')}
        </Button>
      </form>
      {banner}
    </DemoCard>
  )
}

/** The template's lock screen: a made-up person, and the password that unlocks it. */
export function LockCard() {
  const t = useT()
  const { form, submit, banner } = useDemoForm({ password: '' }, lockErrors)
  const person = t('demo-forms.lock.person')
  return (
    <DemoCard id="demo-forms-lock" title={t('demo-forms.lock.title')}>
      <div className={s.person}>
        <Avatar className={s.avatar} user={{ name: person, email: '', avatar: '' }} size={56} />
        <div>
          <p className={s.personName}>{person}</p>
          <p className={card.muted}>{t('demo-forms.lock.locked')}</p>
        </div>
      </div>
      <form className={s.form} noValidate onSubmit={submit}>
        <TextField label={t('auth.password')} type="password" autoComplete={NO_FILL} {...form.text('password')} />
        <Button type="submit" variant="primary">
          {t('demo-forms.lock.submit')}
        </Button>
      </form>
      {banner}
    </DemoCard>
  )
}
