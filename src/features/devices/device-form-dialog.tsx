import type { Result } from '../../api/client'
import type { Device } from '../../contract/devices'
import { messageText } from '../../lib/i18n'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { ConflictDialog } from '../../ui/record/conflict-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { DeviceFields } from './device-form'
import { deviceFields, toValues, validateDevice, type DeviceValues } from './device-values'
import s from './device-form.module.css'
import { DialogActions, DialogBody } from '../../ui/record/dialog-sections'

export interface DeviceFormDialogProps {
  title: string
  submitLabel: string
  initial: DeviceValues
  /** The version of the record as the user opened it; null for a new device. */
  version: number | null
  save: (values: DeviceValues, version: number | null) => Promise<Result<Device>>
  onSaved: (device: Device) => void
  onClose: () => void
}

/**
 * The device form in a dialog, for adding and editing. A refused save keeps what was typed; a
 * stale one swaps the form for the conflict dialog, and closing that returns to the form.
 */
export function DeviceFormDialog(props: DeviceFormDialogProps) {
  const t = useT()
  const form = useForm<DeviceValues>(props.initial, validateDevice, (values): void => save.submit(values))
  const save = useRecordSave<Device, DeviceValues>(
    { form, save: props.save, toValues, fields: deviceFields(t), onSaved: props.onSaved },
    props.version,
  )
  return (
    <>
      <Dialog open={!save.conflict} onClose={props.onClose} title={props.title} closeLabel={t('record.cancel')} width={560}>
        <form className={s.form} onSubmit={form.submit} noValidate>
          <DialogBody>
            {save.message && <Banner variant="error">{messageText(save.message)}</Banner>}
            <DeviceFields form={form} />
          </DialogBody>
          <DialogActions>
            <Button variant="secondary" onClick={props.onClose}>
              {t('record.cancel')}
            </Button>
            <Button type="submit" busy={save.saving}>
              {props.submitLabel}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConflictDialog
        open={save.conflict}
        rows={save.rows}
        busy={save.saving}
        onKeepMine={save.keepMine}
        onTakeTheirs={save.takeTheirs}
        onClose={save.closeConflict}
      />
    </>
  )
}
