import type { CollectionName } from './collections'
import { RIGHTS } from './rights'

// The values of the records' own fields, said again here (a unit test holds them equal): the
// filter menu loads after a list, and naming the screens' contracts would split them into chunks
// of their own on every list's first load.
const DEVICE_STATUSES = ['online', 'offline', 'provisioning', 'error', 'pending'] as const
const MEMBER_STATUSES = ['active', 'invited', 'disabled'] as const
const PROTOCOLS = ['http', 'tcp'] as const
const KEY_SCOPES = ['heartbeat', ...RIGHTS] as const

/**
 * How a filter's value reads: one of `values` (`choice`), any short text (`text`: a tag, an id),
 * an ISO time (`time`: one value, a bound), or a key's expiry (`expired`, `never`, `within_<days>`).
 */
export type FilterKind = 'choice' | 'text' | 'time' | 'expiry'

/** A field a list may be narrowed by: values of one field are OR'd, fields are AND'd. */
export interface FilterField {
  name: string
  kind: FilterKind
  /** The values a `choice` takes, and those the filter menu offers for an `expiry`. */
  values?: readonly string[]
}

/** The list query names each filter `filter[<name>]`, once per value. */
export const filterParam = (name: string) => `filter[${name}]`
/** More values of one field than any menu offers; a longer list is refused. */
export const MAX_FILTER_VALUES = 50
export const MAX_FILTER_TEXT = 100
/** A key's expiry: gone by now, never, or ending within so many days (`within_30`). */
export const EXPIRY_CHOICES = ['expired', 'within_7', 'within_30', 'never'] as const
const EXPIRY = /^(expired|never|within_([1-9]\d{0,3}))$/
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/

/** The filters each collection declares; the server applies them, the list kit's menu offers them. */
export const LIST_FILTERS: Partial<Record<CollectionName, readonly FilterField[]>> = {
  devices: [
    { name: 'status', kind: 'choice', values: DEVICE_STATUSES },
    { name: 'tag', kind: 'text' },
    { name: 'firmware', kind: 'text' },
    { name: 'model', kind: 'text' },
    { name: 'location', kind: 'text' },
    { name: 'enabled', kind: 'choice', values: ['true', 'false'] },
    { name: 'name', kind: 'text' },
    { name: 'last_seen_before', kind: 'time' },
    { name: 'last_seen_after', kind: 'time' },
  ],
  access_keys: [
    { name: 'scope', kind: 'choice', values: KEY_SCOPES },
    { name: 'expiry', kind: 'expiry', values: EXPIRY_CHOICES },
    { name: 'revoked', kind: 'choice', values: ['true', 'false'] },
  ],
  enrollment_keys: [{ name: 'revoked', kind: 'choice', values: ['true', 'false'] }],
  users: [
    { name: 'role', kind: 'text' },
    { name: 'status', kind: 'choice', values: MEMBER_STATUSES },
  ],
  tunnels: [
    { name: 'protocol', kind: 'choice', values: PROTOCOLS },
    { name: 'status', kind: 'choice', values: ['up', 'down'] },
    { name: 'device_id', kind: 'text' },
  ],
}

/** The filter fields of a collection, none when it declares none. */
export const filtersOf = (name: CollectionName): readonly FilterField[] => LIST_FILTERS[name] ?? []

/**
 * `value` as the filter takes it (a time as the server stores times), or undefined when the field
 * refuses it. Server and console check alike, so a link never asks what the server refuses.
 */
export function filterValue(field: FilterField, value: string): string | undefined {
  if (value.length === 0 || value.length > MAX_FILTER_TEXT) return undefined
  switch (field.kind) {
    case 'choice':
      return field.values?.includes(value) ? value : undefined
    case 'expiry':
      return EXPIRY.test(value) ? value : undefined
    case 'time': {
      if (!ISO_TIME.test(value)) return undefined
      const at = Date.parse(value)
      return Number.isFinite(at) ? new Date(at).toISOString() : undefined
    }
    default:
      return value.trim() ? value : undefined
  }
}

/** A time filter is a bound: one value. Other fields take several, any of which may match. */
export const takesMany = (field: FilterField) => field.kind !== 'time'
