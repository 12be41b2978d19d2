import { same, type FormValues } from '../use-form'

export interface Merge<V extends FormValues> {
  /** Their record with my changes on it; where both changed a field, mine (until the user says). */
  merged: V
  /** The fields both changed, to different values: the only ones to ask about. */
  conflicts: (keyof V & string)[]
}

/**
 * A three-way merge of a form's values: `base` as I loaded the record, `mine` as I typed it,
 * `theirs` as someone else saved it meanwhile. A field only they changed takes theirs, a field
 * only I changed keeps mine, and a field both changed differently is a conflict.
 */
export function mergeEdits<V extends FormValues>(base: V, mine: V, theirs: V): Merge<V> {
  const merged = { ...theirs }
  const conflicts: (keyof V & string)[] = []
  for (const name of Object.keys(mine) as (keyof V & string)[]) {
    if (same(mine[name], base[name]) || same(mine[name], theirs[name])) continue
    merged[name] = mine[name]
    if (!same(theirs[name], base[name])) conflicts.push(name)
  }
  return { merged, conflicts }
}
