import { useState } from 'react'
import { passwordChangeErrors } from '../../contract/profile'
import { notify } from '../../stores/notices'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/fields'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { profileApi } from './profile-api'
import s from './profile-screen.module.css'

const EMPTY = { current: '', password: '', passwordConfirm: '' }

/** Changes the password: the current one first; the user's other sessions end with the change. */
export function PasswordForm({ email, onChanged }: { email: string; onChanged: () => void }) {
  const t = useT()
  const [saving, setSaving] = useState(false)
  const form = useForm(
    EMPTY,
    (values) => passwordChangeErrors(values, email),
    async (values) => {
      setSaving(true)
      const result = await profileApi.changePassword({ current: values.current, password: values.password })
      setSaving(false)
      if (!result.ok) {
        form.setServerErrors(result.errors)
        if (!result.errors) notify('error', result.message)
        return
      }
      form.reset(EMPTY)
      notify('success', 'account.passwordChanged')
      onChanged()
    },
  )
  return (
    <section className={s.card} aria-labelledby="password-title">
      <h2 id="password-title" className={s.cardTitle}>
        {t('account.password')}
      </h2>
      <p className={s.hint}>{t('account.passwordHint')}</p>
      <form className={s.passwordForm} onSubmit={form.submit} noValidate>
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField label={t('account.currentPassword')} type="password" autoComplete="current-password" required {...form.text('current')} />
        <TextField label={t('account.newPassword')} type="password" autoComplete="new-password" required {...form.text('password')} />
        <TextField label={t('account.confirmPassword')} type="password" autoComplete="new-password" required {...form.text('passwordConfirm')} />
        <Button type="submit" busy={saving} className={s.submit}>
          {t('account.changePassword')}
        </Button>
      </form>
    </section>
  )
}
