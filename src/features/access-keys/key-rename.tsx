import { useRef, useState } from 'react'
import { AccessKeyUpdate, type AccessKey } from '../../contract/access-keys'
import { check } from '../../contract/validation'
import { messageText } from '../../lib/i18n'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { TextField } from '../../ui/fields'
import { ConflictDialog } from '../../ui/record/conflict-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { renameApi } from './access-keys-api'
import s from './access-keys.module.css'
import { DialogActions, DialogBody } from '../../ui/record/dialog-sections'

type NameValues = { name: string }

const validate = (values: NameValues) => errorsOf(check(AccessKeyUpdate, values))

/** Renames a key, the one thing about it that changes after issue; a stale save asks which name to keep. */
export function KeyRename({ accessKey, onClose, onSaved }: { accessKey: AccessKey; onClose: () => void; onSaved: () => void }) {
  const t = useT()
  const [record, setRecord] = useState(accessKey)
  const taking = useRef(false)
  const form = useForm<NameValues>({ name: record.name }, validate, (values): void => save.submit(values))
  const save = useRecordSave<AccessKey, NameValues>(
    {
      form,
      save: (values, version) => renameApi.update(record.id, { name: values.name, version: version ?? record.version }),
      toValues: (key) => ({ name: key.name }),
      fields: [{ name: 'name', label: t('accessKeys.name') }],
      // Taking theirs keeps the dialog open on the name as it is now.
      onSaved: (saved) => (taking.current ? setRecord(saved) : onSaved()),
    },
    record.version,
  )
  const takeTheirs = () => {
    taking.current = true
    save.takeTheirs()
    taking.current = false
  }

  return (
    <>
      <Dialog open onClose={onClose} title={t('accessKeys.renameTitle', { name: record.name })} closeLabel={t('record.cancel')} width={480}>
        <form noValidate onSubmit={form.submit}>
          <DialogBody>
            {save.message && <Banner variant="error">{messageText(save.message)}</Banner>}
            <TextField label={t('accessKeys.name')} maxLength={120} autoComplete="off" required {...form.text('name')} />
          </DialogBody>
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              {t('record.cancel')}
            </Button>
            <Button type="submit" busy={save.saving}>
              {t('record.save')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConflictDialog open={save.conflict} rows={save.rows} busy={save.saving} onKeepMine={save.keepMine} onTakeTheirs={takeTheirs} onClose={save.closeConflict} />
    </>
  )
}
