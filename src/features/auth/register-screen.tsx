import { Link } from 'wouter'
import { AuthLayout } from '../../ui/auth-layout'
import '../../ui/auth-texts'
import { useT } from '../../ui/use-t'
import s from './form.module.css'
import { RegisterForm } from './register-form'
import { SessionMessage, useFreshMessage } from './session-message'

export default function RegisterScreen() {
  const t = useT()
  useFreshMessage()
  return (
    <AuthLayout title={t('auth.registerTitle')} intro={t('auth.registerIntro')}>
      <SessionMessage />
      <RegisterForm />
      <p className={s.aside}>
        {t('auth.haveAccount')} <Link href="/login">{t('auth.signInLink')}</Link>
      </p>
    </AuthLayout>
  )
}
