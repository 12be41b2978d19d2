import { acceptFormErrors, type InvitationInfo } from '../../contract/users'
import { messageText } from '../../lib/i18n'
import '../../ui/auth-texts'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/fields'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import s from './invitation.module.css'
import { useAccept } from './use-accept'

/**
 * The invitee's name and password, typed twice, with the register form's rules. Accepting signs
 * in as sign-in does (the token is kept, the session set) and opens the console.
 */
export function AcceptForm({ token, invitation }: { token: string; invitation: InvitationInfo }) {
  const t = useT()
  const { busy, refused, accept, dismiss } = useAccept()
  const form = useForm(
    { name: '', password: '', passwordConfirm: '' },
    (values) => acceptFormErrors(values, invitation.email),
    ({ name, password }): Promise<void> => accept({ token, name: name.trim(), password }, form.setServerErrors),
  )
  return (
    <>
      {refused && (
        <Banner variant="error" onClose={dismiss}>
          {messageText(refused)}
        </Banner>
      )}
      <form className={s.form} method="post" noValidate onSubmit={form.submit}>
        <TextField label={t('auth.name')} autoComplete="name" maxLength={120} {...form.text('name')} />
        <TextField label={t('auth.password')} type="password" autoComplete="new-password" {...form.text('password')} />
        <TextField label={t('auth.passwordConfirm')} type="password" autoComplete="new-password" {...form.text('passwordConfirm')} />
        <Button type="submit" variant="primary" block busy={busy}>
          {t('users.invitation.accept')}
        </Button>
      </form>
    </>
  )
}
