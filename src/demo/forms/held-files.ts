import { checkDrop, DROP_ZONE_LIMIT, hasPreview, type Refusal, type UploadFile } from '../uploads'

/** A file the drop zone holds: a preview address for the pictures that get one, else null. */
export interface Held<T extends UploadFile = File> {
  id: number
  file: T
  preview: string | null
}

/**
 * The drop zone after `added` comes in, by the shared rules of `checkDrop`: a drop past `limit`
 * is refused whole, a file over 3 MB alone. Only the kept pictures get a preview from `preview`
 * (`URL.createObjectURL` in the browser), so nothing refused holds memory.
 */
export function dropFiles<T extends UploadFile>(
  held: readonly Held<T>[],
  added: readonly T[],
  preview: (file: T) => string,
  limit = DROP_ZONE_LIMIT,
): { held: Held<T>[]; accepted: number; refusals: Refusal[] } {
  const { accepted, refusals } = checkDrop(held.length, added, limit)
  const next = Math.max(0, ...held.map((item) => item.id)) + 1
  const kept = accepted.map((file, index) => ({ id: next + index, file, preview: hasPreview(file) ? preview(file) : null }))
  return { held: [...held, ...kept], accepted: kept.length, refusals }
}

/** The drop zone without file `id`; its preview address is given back through `revoke`. */
export function removeFile<T extends UploadFile>(held: readonly Held<T>[], id: number, revoke: (url: string) => void): Held<T>[] {
  const gone = held.find((item) => item.id === id)
  if (gone?.preview) revoke(gone.preview)
  return held.filter((item) => item.id !== id)
}

/** A size as the language writes it, in the decimal units of the 3 MB rule: 512 byte, 1.5 kB, 3 MB. */
export function fileSize(bytes: number, locale: string): string {
  const [unit, value] = bytes < 1000 ? ['byte', bytes] : bytes < 1_000_000 ? ['kilobyte', bytes / 1000] : ['megabyte', bytes / 1_000_000]
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value)
}
