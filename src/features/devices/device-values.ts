import { DEVICE_STATUSES, DeviceInput, type Device, type DeviceStatus } from '../../contract/devices'
import type { DeviceEvent } from '../../contract/collections'
import { check } from '../../contract/validation'
import type { FormErrors } from '../../ui/use-form'
import type { FieldLabel } from '../../ui/record/use-record-save'
import './texts'

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

/** The same rules as the server's, so most mistakes show before a request is sent. */
export function validateDevice(values: DeviceValues): FormErrors {
  if (splitTags(values.tags).length > MAX_TAGS) return { ...validateDevice({ ...values, tags: '' }), tags: 'devices.form.tooManyTags' }
  const result = check(DeviceInput, toInput(values))
  return result.ok ? {} : (fieldErrors(result.errors) ?? {})
}

/** A device that passes every rule: the fields a bulk action does not set. */
const VALID_DEVICE: DeviceValues = { name: 'x', serial: 'x', model: 'x', location: '', tags: '' }

/**
 * A tag or a location typed for many devices at once (the list's bulk actions), by the form's
 * own rules; a comma would make two tags of what is one.
 */
export function bulkDeviceRules(action: string, values: { tag: string; location: string }): FormErrors {
  if (action === 'set_location') {
    const { location } = validateDevice({ ...VALID_DEVICE, location: values.location })
    return location ? { location } : {}
  }
  if (values.tag.includes(',')) return { tag: 'fields.tag' }
  const { tags } = validateDevice({ ...VALID_DEVICE, tags: values.tag })
  return tags ? { tag: tags } : {}
}

/** The form's fields with their labels, for the conflict dialog's rows. */
export const deviceFields = (t: (key: string) => string): FieldLabel<DeviceValues>[] =>
  (['name', 'serial', 'model', 'location', 'tags'] as const).map((name) => ({ name, label: t(`devices.fields.${name}`) }))

const isStatus = (value: string): value is DeviceStatus => (DEVICE_STATUSES as readonly string[]).includes(value)

/** A device with the status and last seen of a `device` event, when the event is about it. */
export const patchDevice = <T extends Device>(device: T, event: DeviceEvent): T =>
  device.id === event.id && isStatus(event.status) ? { ...device, status: event.status, last_seen: event.last_seen } : device
