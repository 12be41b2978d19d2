import { Link, useSearch } from 'wouter'
import { RESET_SENT } from '../../stores/session'
import { AuthLayout } from '../../ui/auth-layout'
import '../../ui/auth-texts'
import { useHydrated } from '../../ui/use-hydrated'
import { useT } from '../../ui/use-t'
import { ForgotForm } from './forgot-form'
import s from './form.module.css'
import { NewPasswordForm } from './new-password-form'
import { SessionMessage, useFreshMessage } from './session-message'

/** Without a token: ask for a reset link. With `?token=`: choose the new password. */
export default function ResetPasswordScreen() {
  const t = useT()
  useFreshMessage()
  const search = useSearch()
  // The prerendered page has no query string: the token counts once hydration is over.
  const token = useHydrated() ? new URLSearchParams(search).get('token') : null
  return (
    <AuthLayout
      title={t(token ? 'auth.newPasswordTitle' : 'auth.resetTitle')}
      intro={t(token ? 'auth.newPasswordIntro' : 'auth.resetIntro')}
    >
      {token ? (
        <NewPasswordForm token={token} />
      ) : (
        <>
          <SessionMessage success={RESET_SENT} />
          <ForgotForm />
        </>
      )}
      <p className={s.aside}>
        <Link href="/login">{t('auth.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  )
}
