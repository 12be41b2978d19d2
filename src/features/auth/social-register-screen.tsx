import { Link } from 'wouter'
import '../../ui/auth-texts'
import { useT } from '../../ui/use-t'
import s from './form.module.css'
import { RegisterForm } from './register-form'
import { SessionMessage, useFreshMessage } from './session-message'
import { SocialLayout } from './social-layout'

export default function SocialRegisterScreen() {
  const t = useT()
  useFreshMessage()
  return (
    <SocialLayout title={t('auth.registerTitle')}>
      <SessionMessage />
      <RegisterForm />
      <p className={s.aside}>
        {t('auth.haveAccount')} <Link href="/login-firebase">{t('auth.signInLink')}</Link>
      </p>
    </SocialLayout>
  )
}
