import { useEffect } from 'react'
import { Link } from 'wouter'
import { AuthLayout } from '../../ui/auth-layout'
import '../../ui/auth-texts'
import { useT } from '../../ui/use-t'
import s from './form.module.css'
import { SessionMessage, useFreshMessage } from './session-message'
import { SignInForm } from './sign-in-form'

/**
 * A kiosk waiting at sign-in takes the console's service worker (after the page has loaded and
 * settled): the console's code is in its cache by the time someone signs in, and the next visit
 * opens this page from it too.
 */
function useServiceWorker() {
  useEffect(() => {
    void import('../../stores/service-worker').then(({ startServiceWorker }) => startServiceWorker(), () => undefined)
  }, [])
}

export default function SignInScreen() {
  const t = useT()
  useFreshMessage()
  useServiceWorker()
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
