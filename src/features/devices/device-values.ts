import type { Device, DeviceInput } from '../../contract/devices'
import type { DeviceEvent } from '../../contract/collections'
import { DEVICE_STATUSES, type DeviceStatus } from '../../contract/device-status'
import '../../ui/device-texts'
import type { FormErrors } from '../../ui/use-form'
import type { FieldLabel } from '../../ui/record/use-record-save'

// The form's values and their conversions, with no rule of the structs: a list draws with them
// alone; the rules are in `device-rules.ts`, loaded with the form or the bulk bar.

/** The device form as typed: tags are one comma-separated line. */
export type DeviceValues = { name: string; serial: string; model: string; location: string; tags: string }

export const EMPTY_DEVICE: DeviceValues = { name: '', serial: '', model: '', location: '', tags: '' }
export const MAX_TAGS = 16

export const splitTags = (text: string): string[] => [...new Set(text.split(',').map((tag) => tag.trim()).filter(Boolean))]

export const toValues = (device: Device): DeviceValues => ({
  name: device.name,
  serial: device.serial,
  model: device.model,
  location: device.location,
  tags: device.tags.join(', '),
})

export const toInput = (values: DeviceValues): DeviceInput => ({
  name: values.name,
  serial: values.serial,
  model: values.model,
  location: values.location,
  tags: splitTags(values.tags),
})

/** Errors of single tags (`tags.2`) belong to the one tags field; the first one counts. */
export function fieldErrors(errors: Record<string, string> | undefined): FormErrors | undefined {
  if (!errors) return undefined
  const fields: FormErrors = {}
  for (const [name, message] of Object.entries(errors)) {
    const field = name.split('.')[0] ?? name
    fields[field] ??= message
  }
  return fields
}

/** The form's fields with their labels, for the conflict dialog's rows. */
export const deviceFields = (t: (key: string) => string): FieldLabel<DeviceValues>[] =>
  (['name', 'serial', 'model', 'location', 'tags'] as const).map((name) => ({ name, label: t(`devices.fields.${name}`) }))

const isStatus = (value: string): value is DeviceStatus => (DEVICE_STATUSES as readonly string[]).includes(value)

/** A device with the status and last seen of a `device` event, when the event is about it. */
export const patchDevice = <T extends Device>(device: T, event: DeviceEvent): T =>
  device.id === event.id && isStatus(event.status) ? { ...device, status: event.status, last_seen: event.last_seen } : device
