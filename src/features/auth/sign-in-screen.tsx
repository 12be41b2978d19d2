import { Link } from 'wouter'
import { AuthLayout } from '../../ui/auth-layout'
import { useT } from '../../ui/use-t'
import s from './form.module.css'
import { SessionMessage, useFreshMessage } from './session-message'
import { SignInForm } from './sign-in-form'

export default function SignInScreen() {
  const t = useT()
  useFreshMessage()
  return (
    <AuthLayout title={t('auth.signInTitle')} intro={t('auth.signInIntro')}>
      <SessionMessage />
      <SignInForm />
      <p className={s.aside}>
        {t('auth.noAccount')} <Link href="/register">{t('auth.createAccount')}</Link>
      </p>
      <p className={s.aside}>
        <Link href="/login-firebase">{t('auth.social.link')}</Link> · <Link href="/landing">{t('auth.social.landing')}</Link>
      </p>
    </AuthLayout>
  )
}
