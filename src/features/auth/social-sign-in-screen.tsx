import { Link } from 'wouter'
import '../../ui/auth-texts'
import { useT } from '../../ui/use-t'
import s from './form.module.css'
import { SessionMessage, useFreshMessage } from './session-message'
import { SignInForm } from './sign-in-form'
import { SocialLayout } from './social-layout'

export default function SocialSignInScreen() {
  const t = useT()
  useFreshMessage()
  return (
    <SocialLayout title={t('auth.signInTitle')}>
      <SessionMessage />
      <SignInForm />
      <p className={s.aside}>
        {t('auth.noAccount')} <Link href="/register-firebase">{t('auth.createAccount')}</Link>
      </p>
    </SocialLayout>
  )
}
