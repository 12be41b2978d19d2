import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { Checkbox, TextField } from '../../ui/fields'
import { DialogActions, DialogBody } from '../../ui/record/dialog-sections'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import s from './contact-form.module.css'
import { contactErrors, EMPTY_CONTACT, type Contact, type ContactValues } from './contacts'

/** The form's text fields in order, with the input type that brings the right keyboard. */
const FIELDS = [
  ['name', 'text'],
  ['title', 'text'],
  ['phone', 'tel'],
  ['secondaryPhone', 'tel'],
  ['personalEmail', 'email'],
  ['companyEmail', 'email'],
  ['address', 'text'],
  ['website', 'url'],
] as const satisfies readonly (readonly [Exclude<keyof ContactValues, 'favorited'>, string])[]

const valuesOf = ({ key: _key, avatar: _avatar, ...values }: Contact): ContactValues => values

/**
 * Adds a contact, or edits `contact`: the name is required and an e-mail address must look like
 * one; a field tells what is wrong once it has been left or the form sent.
 */
export function ContactForm({ contact, onSave, onClose }: { contact: Contact | null; onSave: (values: ContactValues) => void; onClose: () => void }) {
  const t = useT()
  const form = useForm<ContactValues>(contact ? valuesOf(contact) : EMPTY_CONTACT, contactErrors, onSave)
  return (
    <Dialog
      open
      onClose={onClose}
      title={contact ? t('demo-contacts.editTitle', { name: contact.name }) : t('demo-contacts.addTitle')}
      closeLabel={t('demo-contacts.cancel')}
      width={600}
    >
      <form noValidate onSubmit={form.submit}>
        <DialogBody>
          <div className={s.grid}>
            {FIELDS.map(([name, type]) => (
              <TextField
                key={name}
                label={t(`demo-contacts.fields.${name}`)}
                type={type}
                required={name === 'name'}
                data-autofocus={name === 'name' ? '' : undefined}
                {...form.text(name)}
              />
            ))}
          </div>
          <Checkbox label={t('demo-contacts.fields.favorited')} {...form.checkbox('favorited')} />
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('demo-contacts.cancel')}
          </Button>
          <Button type="submit">{t('demo-contacts.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
