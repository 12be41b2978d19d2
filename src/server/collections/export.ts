import type { Context } from 'hono'
import { ApiError } from '../http/errors'
import { message } from '../messages'

/** Rows an export reads from the database at a time. */
export const EXPORT_BATCH = 1000

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** The `format` of an export request; 400 unless it is one the server writes. */
export function exportFormat(c: Context): ExportFormat {
  const format = c.req.query('format') ?? 'csv'
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw new ApiError(400, message('badExportFormat'))
  return format as ExportFormat
}

/**
 * A spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (or a tab or carriage return
 * before one) as a formula: such a cell gets a leading `'`, which shows as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** One CSV cell: made safe to open in a spreadsheet, quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** A record's field as one cell's text: lists joined (by their names, for roles), empty for none. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (Array.isArray(value)) return value.map(cellText).join('; ')
  if (typeof value === 'object') return 'name' in value ? String((value as { name: unknown }).name) : JSON.stringify(value)
  return String(value)
}

/** One CSV line of `columns` of `record`, ended as RFC 4180 says (CRLF). */
export const csvLine = (columns: readonly string[], record: Record<string, unknown>) => `${columns.map((column) => csvCell(cellText(record[column]))).join(',')}\r\n`

/** The header line of a CSV export. */
export const csvHeader = (columns: readonly string[]) => `${columns.map(csvCell).join(',')}\r\n`

/** The content type and the download's file name of an export. */
export function exportHeaders(name: string, format: ExportFormat, now: Date): Record<string, string> {
  const day = now.toISOString().slice(0, 10)
  const file = `${name}-${day}.${format}`
  return {
    'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    'content-disposition': `attachment; filename="${file}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  }
}

/**
 * A response that writes `batches` as they come, each turned into text by `write`: the next batch
 * is read only when the client has taken the last one (the stream pulls), so memory stays flat
 * however many rows there are, and a client that goes away stops the reading.
 */
export function streamedExport<B>(headers: Record<string, string>, start: string, batches: AsyncGenerator<B>, write: (batch: B) => Promise<string>): Response {
  const encoder = new TextEncoder()
  let started = false
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true
          if (start) {
            controller.enqueue(encoder.encode(start))
            return
          }
        }
        const next = await batches.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(await write(next.value)))
      },
      async cancel() {
        await batches.return(undefined)
      },
    },
    { highWaterMark: 0 },
  )
  return new Response(body, { status: 200, headers })
}
