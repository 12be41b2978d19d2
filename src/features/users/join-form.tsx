import { useStore } from '@nanostores/react'
import { Link } from 'wouter'
import { JoinForm as JoinFormSchema, type InvitationInfo } from '../../contract/users'
import { check } from '../../contract/validation'
import { messageText } from '../../lib/i18n'
import { $session } from '../../stores/session'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/fields'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import s from './invitation.module.css'
import { useAccept } from './use-accept'

const validate = (values: Record<string, unknown>) => errorsOf(check(JoinFormSchema, values))

/**
 * An existing account joins as itself and keeps its name and password: signed in as it, with one
 * click; otherwise with its password (or, for an account that signs in through a provider, by
 * signing in first and coming back).
 */
export function JoinForm({ token, invitation }: { token: string; invitation: InvitationInfo }) {
  const t = useT()
  const { loggedIn, user } = useStore($session)
  const { busy, refused, accept, dismiss } = useAccept()
  const itself = loggedIn === true && user?.email === invitation.email
  const form = useForm({ password: '' }, validate, ({ password }): Promise<void> => accept({ token, password }, form.setServerErrors))
  const next = `/login?next=${encodeURIComponent(`/invitation?token=${token}`)}`

  return (
    <>
      {refused && (
        <Banner variant="error" onClose={dismiss}>
          {messageText(refused)}
        </Banner>
      )}
      {itself ? (
        <div className={s.form}>
          <p className={s.aside}>{t('users.invitation.signedInAs', { email: invitation.email })}</p>
          <Button variant="primary" block busy={busy} onClick={() => void accept({ token }, form.setServerErrors)}>
            {t('users.invitation.join', { organization: invitation.organization })}
          </Button>
        </div>
      ) : (
        <form className={s.form} method="post" noValidate onSubmit={form.submit}>
          {loggedIn === true && user && <p className={s.aside}>{t('users.invitation.otherAccount', { email: user.email })}</p>}
          <TextField label={t('users.invitation.accountPassword')} type="password" autoComplete="current-password" {...form.text('password')} />
          <Button type="submit" variant="primary" block busy={busy}>
            {t('users.invitation.accept')}
          </Button>
          {loggedIn !== true && (
            <p className={s.aside}>
              <Link href={next}>{t('users.invitation.signInFirst')}</Link>
            </p>
          )}
        </form>
      )}
    </>
  )
}
