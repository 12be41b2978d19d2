import { useRef, useState } from 'react'
import { conflictCurrent } from '../../api/collection'
import { check } from '../../contract/validation'
import { DEFAULT_TARGET_HOST, TunnelInput, type Tunnel } from '../../contract/tunnels'
import { Checkbox, TextField } from '../../ui/fields'
import { RecordDialog } from '../../ui/record/record-dialog'
import { useRecordSave } from '../../ui/record/use-record-save'
import { errorsOf, useForm } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { DevicePicker } from '../../ui/device-picker'
import { ProtocolChoice } from './protocol-choice'
import { tunnelsApi } from './tunnels-api'
import s from './tunnel-form.module.css'
import './texts'

type TunnelValues = { name: string; device_id: string; protocol: string; target_host: string; local_port: number | null; enabled: boolean }

const toValues = (tunnel: Tunnel): TunnelValues => ({
  name: tunnel.name,
  device_id: tunnel.device_id,
  protocol: tunnel.protocol,
  target_host: tunnel.target_host || DEFAULT_TARGET_HOST,
  local_port: tunnel.local_port,
  enabled: tunnel.enabled,
})

/** The contract's rules, with a host that is no host said in words rather than as its pattern. */
function validate(values: TunnelValues) {
  const errors = errorsOf(check(TunnelInput, values))
  const host = errors.target_host
  if (host && host !== 'validation.required' && host !== 'validation.tooLong') errors.target_host = values.target_host.trim() ? 'tunnels.targetHostInvalid' : 'validation.required'
  return errors
}

export interface TunnelFormProps {
  /** The tunnel to edit; null opens a new one. */
  tunnel: Tunnel | null
  /** A new tunnel's device, e.g. the one the list is filtered by. */
  deviceId?: string
  onClose: () => void
  onSaved: (tunnel: Tunnel) => void
}

/** Opens a tunnel or edits one; a save over someone else's newer change asks which to keep. */
export function TunnelForm({ tunnel, deviceId, onClose, onSaved }: TunnelFormProps) {
  const t = useT()
  const [record, setRecord] = useState(tunnel)
  // Device names by id, for the conflict dialog, which compares ids.
  const deviceNames = useRef(new Map(tunnel ? [[tunnel.device_id, tunnel.device_name]] : []))
  const form = useForm<TunnelValues>(
    record ? toValues(record) : { name: '', device_id: deviceId ?? '', protocol: 'http', target_host: DEFAULT_TARGET_HOST, local_port: null, enabled: true },
    validate,
    (values): void => save.submit(values),
  )
  const save = useRecordSave<Tunnel, TunnelValues>(
    {
      form,
      save: async (values, version) => {
        const input = values as TunnelInput
        const result = record && version !== null ? await tunnelsApi.update(record.id, { ...input, version }) : await tunnelsApi.create(input)
        const current = conflictCurrent<Tunnel>(result)
        if (current) deviceNames.current.set(current.device_id, current.device_name)
        return result
      },
      toValues,
      fields: [
        { name: 'name', label: t('tunnels.name') },
        { name: 'device_id', label: t('tunnels.device'), show: (id) => deviceNames.current.get(String(id)) ?? String(id ?? '') },
        { name: 'protocol', label: t('tunnels.protocol'), show: (value) => String(value ?? '').toUpperCase() },
        { name: 'target_host', label: t('tunnels.targetHost') },
        { name: 'local_port', label: t('tunnels.localPort') },
        { name: 'enabled', label: t('tunnels.enabled'), show: (on) => t(on ? 'tunnels.yes' : 'tunnels.no') },
      ],
      onSaved,
      // Taking theirs keeps the dialog open on the tunnel as it is now, to edit again or cancel.
      onTaken: setRecord,
    },
    record?.version ?? null,
  )

  return (
    <RecordDialog
      title={record ? t('tunnels.editTitle', { name: record.name }) : t('tunnels.createTitle')}
      submitLabel={record ? t('record.save') : t('record.create')}
      save={save}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <TextField label={t('tunnels.name')} maxLength={120} autoComplete="off" required {...form.text('name')} />
      <DevicePicker
        {...form.text('device_id')}
        names={deviceNames.current}
        texts={{ legend: t('tunnels.device'), choose: t('tunnels.chooseDevice'), find: t('tunnels.findDevice'), none: t('tunnels.noDevices') }}
        classes={{ field: s.deviceField, legend: s.legend, hint: s.hint }}
      />
      <ProtocolChoice {...form.text('protocol')} />
      <TextField label={t('tunnels.targetHost')} hint={t('tunnels.targetHostHint')} maxLength={253} autoComplete="off" spellCheck={false} dir="ltr" required {...form.text('target_host')} />
      <TextField label={t('tunnels.localPort')} inputMode="numeric" required {...form.number('local_port')} />
      <Checkbox label={t('tunnels.enabledField')} {...form.checkbox('enabled')} />
    </RecordDialog>
  )
}
