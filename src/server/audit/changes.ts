import { AUDIT_VALUE_MAX, type AuditChange } from '../../contract/audit'

type Row = Record<string, unknown>

/** Bookkeeping every record carries: a change of it is no change of the record. */
const BOOKKEEPING = new Set(['id', 'created_at', 'updated_at', 'version'])

/**
 * Fields whose values the trail never keeps, only that they changed: secrets, their hashes,
 * tokens and passwords (an access key's or an app id's secret, a webhook's, a password hash).
 */
const SECRET = /secret|hash|token|password|credential|private_key/i

/** A field the trail says changed without its values. */
export const isSecretField = (field: string): boolean => SECRET.test(field)

/** A value as the trail keeps it: as it is, or cut to `AUDIT_VALUE_MAX` characters and marked. */
function kept(value: unknown): { value: unknown; cut: boolean } {
  if (value === undefined) return { value: null, cut: false }
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  if (text === undefined || text.length <= AUDIT_VALUE_MAX) return { value, cut: false }
  return { value: `${text.slice(0, AUDIT_VALUE_MAX)}…`, cut: true }
}

/** One field's change: both values (cut when long), or `changed` alone for a secret. */
function changeOf(field: string, before: unknown, after: unknown): AuditChange {
  if (isSecretField(field)) return { field, changed: true }
  const was = kept(before)
  const now = kept(after)
  return { field, before: was.value, after: now.value, ...(was.cut || now.cut ? { cut: true as const } : {}) }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * What an update changed, field by field, in the order the new record lists them: a field
 * whose value is the same on both sides is left out, so a record compared with itself gives none.
 */
export function diffRecords(before: object, after: object): AuditChange[] {
  const a = before as Row
  const b = after as Row
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])]
  return fields.filter((field) => !BOOKKEEPING.has(field) && !same(a[field], b[field])).map((field) => changeOf(field, a[field], b[field]))
}

/**
 * A new record's first values (`side` after) or a deleted one's last (`side` before), empty
 * ones left out, so the trail still tells what a record was once it is gone.
 */
export function recordValues(record: object, side: 'before' | 'after'): AuditChange[] {
  const row = record as Row
  return Object.keys(row)
    .filter((field) => !BOOKKEEPING.has(field) && !isEmpty(row[field]))
    .map((field) => (side === 'after' ? changeOf(field, null, row[field]) : changeOf(field, row[field], null)))
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)

/** The changes of fields known only by name: each said to have changed, values unknown (a rotated secret, a new password). */
export const namedChanges = (fields: readonly string[]): AuditChange[] => fields.map((field) => ({ field, changed: true }))

/**
 * The changes as stored: whatever a caller passed, a secret's values are dropped once more here,
 * so no path into the trail can keep one.
 */
export function safeChanges(changes: readonly AuditChange[]): AuditChange[] {
  return changes.map((change) => ('changed' in change || !isSecretField(change.field) ? change : { field: change.field, changed: true }))
}

/** The stored JSON read back; anything unreadable reads as no changes. */
export function parseChanges(json: string | null | undefined): AuditChange[] {
  if (!json) return []
  try {
    const list: unknown = JSON.parse(json)
    if (!Array.isArray(list)) return []
    return list.filter((item): item is AuditChange => typeof item === 'object' && item !== null && typeof (item as Row).field === 'string')
  } catch {
    return []
  }
}
