import { DeviceInput } from '../../contract/devices'
import { check } from '../../contract/validation'
import type { FormErrors } from '../../ui/use-form'
import { fieldErrors, MAX_TAGS, splitTags, toInput, type DeviceValues } from './device-values'

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
