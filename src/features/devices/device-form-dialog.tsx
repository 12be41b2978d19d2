import type { Result } from '../../api/client'
import type { Device } from '../../contract/devices'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { DeviceFields } from './device-form'
import { validateDevice } from './device-rules'
import { deviceFields, toValues, type DeviceValues } from './device-values'
import s from './device-form.module.css'

export interface DeviceFormDialogProps {
  title: string
  submitLabel: string
  initial: DeviceValues
  /** The device edited; none for a new one. */
  id?: string
  /** The version of the record as the user opened it; null for a new device. */
  version: number | null
  save: (values: DeviceValues, version: number | null) => Promise<Result<Device>>
  onSaved: (device: Device) => void
  onClose: () => void
}

/**
 * The device form in a dialog, for adding and editing. A refused save keeps what was typed; a
 * stale one opens the conflict dialog over the form, and closing that returns to the form.
 */
export function DeviceFormDialog(props: DeviceFormDialogProps) {
  const t = useT()
  const form = useForm<DeviceValues>(props.initial, validateDevice, (values): void => save.submit(values))
  const save = useRecordSave<Device, DeviceValues>(
    { form, save: props.save, toValues, fields: deviceFields(t), onSaved: props.onSaved },
    props.version,
  )
  return (
    <RecordDialog
      title={props.title}
      width={560}
      submitLabel={props.submitLabel}
      save={save}
      onSubmit={form.submit}
      onClose={props.onClose}
      formClassName={s.form}
    >
      <DeviceFields form={form} ownId={props.id} />
    </RecordDialog>
  )
}
