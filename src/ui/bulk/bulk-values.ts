import type { BulkAction, BulkParams } from '../../contract/bulk'
import type { FormErrors } from '../use-form'

/** What the value dialog asks for: a tag, a location or roles, as typed. */
export type BulkValues = { tag: string; location: string; roles: readonly string[] }

export const EMPTY_BULK_VALUES: BulkValues = { tag: '', location: '', roles: [] }

/** The actions that need a value before they can be previewed. */
export const needsValue = (action: BulkAction): action is 'tag_add' | 'tag_remove' | 'set_location' | 'set_roles' =>
  action === 'tag_add' || action === 'tag_remove' || action === 'set_location' || action === 'set_roles'

/**
 * The record form's own rules for a value typed for many records (a device's tag or location),
 * which the list's screen hands over: the bulk code does not carry each collection's rules.
 */
export type BulkRules = (action: BulkAction, values: BulkValues) => FormErrors
/** The rules, or a loader of them: a list hands the loader over so its first load carries none of the rules' code. */
export type BulkRulesSource = BulkRules | { load: () => Promise<BulkRules> }

/**
 * The same rules as the record forms, so a mistake shows before anything is asked: a tag is
 * required, then checked by `rules` as a device's tag, a location as a device's location, and a
 * user keeps at least one role as the user form says.
 */
export function validateBulkValues(action: BulkAction, values: BulkValues, rules?: BulkRules): FormErrors {
  if (action === 'tag_add' || action === 'tag_remove') return values.tag.trim() ? (rules?.(action, values) ?? {}) : { tag: 'validation.required' }
  if (action === 'set_location') return rules?.(action, values) ?? {}
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
