import '../../ui/device-texts'
import { TextField } from '../../ui/fields'
import type { Form } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { SameNameNote, useSameNamed } from './device-form-same-name'
import { TagList } from './device-status'
import { splitTags, type DeviceValues } from './device-values'
import s from './device-form.module.css'

/**
 * The fields a person sets on a device; status, IP and firmware come from its heartbeats. A name
 * another device of the organization has is said under the field (`ownId` is the device edited).
 */
export function DeviceFields({ form, ownId }: { form: Form<DeviceValues>; ownId?: string }) {
  const t = useT()
  const sameNamed = useSameNamed(form.values.name, ownId)
  return (
    <div className={s.fields}>
      <TextField
        label={t('devices.fields.name')}
        {...form.text('name')}
        hint={sameNamed ? <SameNameNote device={sameNamed} /> : ''}
        maxLength={120}
        autoComplete="off"
        required
        data-autofocus
      />
      <TextField label={t('devices.fields.serial')} {...form.text('serial')} maxLength={64} autoComplete="off" spellCheck={false} required />
      <TextField label={t('devices.fields.model')} {...form.text('model')} maxLength={80} autoComplete="off" required />
      <TextField label={t('devices.fields.location')} {...form.text('location')} maxLength={120} autoComplete="off" />
      <div className={s.wide}>
        <TextField label={t('devices.form.tags')} {...form.text('tags')} autoComplete="off" placeholder={t('devices.form.tagsExample')} />
        <div className={s.preview} aria-hidden="true">
          <TagList tags={splitTags(form.values.tags)} />
        </div>
      </div>
    </div>
  )
}
