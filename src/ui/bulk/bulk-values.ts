import type { BulkAction, BulkParams } from '../../contract/bulk'
import { DeviceInput } from '../../contract/devices'
import { check } from '../../contract/validation'
import type { FormErrors } from '../use-form'

/** What the value dialog asks for: a tag, a location or roles, as typed. */
export type BulkValues = { tag: string; location: string; roles: readonly string[] }

export const EMPTY_BULK_VALUES: BulkValues = { tag: '', location: '', roles: [] }

/** The actions that need a value before they can be previewed. */
export const needsValue = (action: BulkAction): action is 'tag_add' | 'tag_remove' | 'set_location' | 'set_roles' =>
  action === 'tag_add' || action === 'tag_remove' || action === 'set_location' || action === 'set_roles'

/** A device that passes every rule but those of the field under test. */
const VALID_DEVICE = { name: 'x', serial: 'x', model: 'x', location: '', tags: [] as string[] }

/**
 * The same rules as the device and user forms, so a mistake shows before anything is asked: a tag
 * as one of a device's tags, a location as a device's location, at least one role as a member's.
 */
export function validateBulkValues(action: BulkAction, values: BulkValues): FormErrors {
  if (action === 'tag_add' || action === 'tag_remove') {
    const result = check(DeviceInput, { ...VALID_DEVICE, tags: [values.tag] })
    return result.ok ? {} : { tag: result.errors['tags.0'] ?? Object.values(result.errors)[0] }
  }
  if (action === 'set_location') {
    const result = check(DeviceInput, { ...VALID_DEVICE, location: values.location })
    return result.ok ? {} : { location: result.errors.location }
  }
  if (action === 'set_roles') return values.roles.length ? {} : { roles: 'users.rolesRequired' }
  return {}
}

/** What the server is sent for the values typed. */
export function paramsOf(action: BulkAction, values: BulkValues): BulkParams {
  if (action === 'tag_add' || action === 'tag_remove') return { tag: values.tag.trim() }
  if (action === 'set_location') return { location: values.location.trim() }
  if (action === 'set_roles') return { roles: [...values.roles] }
  return {}
}

/** A refused preview's field errors (`params.tag`, `tag`) on the dialog's fields. */
export function valueErrors(errors: Record<string, string> | undefined): FormErrors | undefined {
  if (!errors) return undefined
  const fields: FormErrors = {}
  for (const [key, message] of Object.entries(errors)) {
    const name = key.split('.').find((part) => part === 'tag' || part === 'location' || part === 'roles')
    if (name) fields[name] ??= message
  }
  return Object.keys(fields).length ? fields : undefined
}
