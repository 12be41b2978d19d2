/** A day of the month grid: its date, or null for a blank before the 1st or after the last. */
export type GridDay = number | null

/**
 * The weeks of a month as rows of seven, each starting on `weekStart` (0 Sunday, 1 Monday),
 * padded with blanks. `month` counts from 0, as Date does.
 */
export function monthGrid(year: number, month: number, weekStart = 1): GridDay[][] {
  const days = new Date(year, month + 1, 0).getDate()
  const lead = (new Date(year, month, 1).getDay() - weekStart + 7) % 7
  const cells: GridDay[] = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)]
  while (cells.length % 7) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}

/** The seven weekdays from `weekStart`, as dates of a known week (5 January 2025 was a Sunday). */
export const weekdays = (weekStart = 1) => Array.from({ length: 7 }, (_, i) => new Date(2025, 0, 5 + ((weekStart + i) % 7)))
