// Which of a list's columns show, as the address says: with the list's first load, so a link to
// fewer columns shows them at once. The chooser and the views that write it load later.

/** The address parameter of the columns shown, their keys comma separated: `columns=name,status,tags`. */
export const COLUMNS_PARAM = 'columns'
/** The address parameter that opens a saved view: `/app/devices?view=<id>`. */
export const VIEW_PARAM = 'view'

/** The column keys `param` names, in its order, known ones once each; none when it names none. */
export function columnKeys(param: string | null, known: readonly string[]): string[] {
  if (!param) return []
  return [...new Set(param.split(',').map((key) => key.trim()))].filter((key) => known.includes(key))
}

/** The columns a plain list shows: all but those shown only when chosen. */
export const plainColumns = <C extends { optional?: boolean }>(columns: readonly C[]): readonly C[] => columns.filter((column) => !column.optional)

/**
 * The columns to show: those the address names, in its order, or the plain list's when it names
 * none the list has (an old link, a column since removed), so a list never shows an empty table.
 */
export function shownColumns<C extends { key: string; optional?: boolean }>(columns: readonly C[], param: string | null): readonly C[] {
  const keys = columnKeys(
    param,
    columns.map((column) => column.key),
  )
  if (!keys.length) return plainColumns(columns)
  return keys.map((key) => columns.find((column) => column.key === key)!)
}
