import { useState } from 'react'
import { object } from 'superstruct'
import type { User } from '../../contract/user'
import { check, LIMITS, Text } from '../../contract/validation'
import { notify } from '../../stores/notices'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/fields'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { AvatarEditor } from './avatar-editor'
import { profileApi, saveSelf } from './profile-api'
import s from './profile-screen.module.css'
import './texts'

const NameForm = object({ name: Text(LIMITS.name) })
const validate = (values: { name: string }) => errorsOf(check(NameForm, values))

/** Who the user is: photo, name (editable), e-mail, organization and rights. */
export function ProfileDetails({ user }: { user: User }) {
  const t = useT()
  const [saving, setSaving] = useState(false)
  const form = useForm({ name: user.name }, validate, async (values) => {
    setSaving(true)
    const result = await saveSelf(() => profileApi.update({ name: values.name, presence: user.presence }))
    setSaving(false)
    if (!result.ok) {
      form.setServerErrors(result.errors)
      if (!result.errors) notify('error', result.message)
      return
    }
    form.reset({ name: result.data.name })
    notify('success', 'account.saved')
  })
  return (
    <section className={s.card} aria-labelledby="profile-title">
      <h2 id="profile-title" className={s.title}>
        {user.name}
      </h2>
      <AvatarEditor user={user} />
      <form className={s.nameForm} onSubmit={form.submit} noValidate>
        <TextField label={t('account.name')} maxLength={LIMITS.name} autoComplete="name" required {...form.text('name')} />
        <Button type="submit" busy={saving} disabled={!form.dirty}>
          {t('account.save')}
        </Button>
      </form>
      <dl className={s.facts}>
        <dt>{t('profile.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('profile.organization')}</dt>
        <dd>{user.organization.name}</dd>
        <dt>{t('profile.rights')}</dt>
        <dd>{user.rights.map((right) => t(`menu.${right}`)).join(', ')}</dd>
      </dl>
    </section>
  )
}
