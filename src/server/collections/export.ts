import { nextTurn } from '../fairness/turns'
import type { Principal } from '../auth/principal'
import { message } from '../messages'
import { Problem, refuse } from '../problem'
import type { QueryReader } from './list-query'

/**
 * Rows an export reads from the database at a time. On SQLite a read holds the event loop while it
 * runs: 250 devices read, completed and written as CSV take some 8 ms on a busy 2-core machine.
 */
export const EXPORT_BATCH = 250

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** The `format` of an export request; 400 unless it is one the server writes. */
export function exportFormat(c: { req: QueryReader }): ExportFormat {
  const format = c.req.query('format') ?? 'csv'
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw refuse('invalid', 'badExportFormat')
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

/** Exports one caller (a person, a key or an app) may run at once, and one organization. */
export const EXPORTS_PER_CALLER = 2
export const EXPORTS_PER_ORGANIZATION = 4
/** What a refused export is told to wait, in seconds: about what an export of a large fleet takes. */
const EXPORT_RETRY_S = 10
/** An export whose answer no client started reading after this long gives its place back. */
const UNREAD_EXPORT_MS = 30_000

/** How an export's description tells its refusal when the caller or its organization runs enough exports. */
export const EXPORTS_BUSY = {
  description: `The caller runs ${EXPORTS_PER_CALLER} exports already, or its organization ${EXPORTS_PER_ORGANIZATION}: try again after \`Retry-After\` seconds.`,
  body: { ref: 'Error' },
  headers: ['Retry-After'],
}

const running = new Map<string, number>()
const callerOf = (principal: Principal) => (principal.kind === 'key' ? `key:${principal.keyId}` : principal.kind === 'app' ? `app:${principal.appId}` : `user:${principal.userId}`)

/**
 * Takes a place for `principal`'s export, or refuses with 429 and `Retry-After` when the caller or
 * its organization has all theirs running: exports are the longest reads the server makes, and
 * however many one tenant starts, the others' requests keep their turns. The places are this
 * process's; `release` gives the place back (once, however often it is called).
 */
export function takeExportPlace(principal: Principal): () => void {
  const holders = [
    { key: callerOf(principal), limit: EXPORTS_PER_CALLER, refusal: 'tooManyExports' as const },
    { key: `organization:${principal.organizationId}`, limit: EXPORTS_PER_ORGANIZATION, refusal: 'tooManyOrganizationExports' as const },
  ]
  for (const { key, limit, refusal } of holders) {
    if ((running.get(key) ?? 0) >= limit) throw new Problem('tooMany', message(refusal, { limit }), undefined, { retryAfterS: EXPORT_RETRY_S })
  }
  for (const { key } of holders) running.set(key, (running.get(key) ?? 0) + 1)
  let released = false
  return () => {
    if (released) return
    released = true
    for (const { key } of holders) {
      const left = (running.get(key) ?? 1) - 1
      if (left > 0) running.set(key, left)
      else running.delete(key)
    }
  }
}

/**
 * A response that writes `batches` as they come, each turned into text by `write`: the next batch
 * is read only when the client has taken the last one (the stream pulls), so memory stays flat
 * however many rows there are, and a client that goes away stops the reading. Each batch waits for
 * its turn of the event loop (`nextTurn`), and the export holds one of `principal`'s places until
 * its last batch is sent, it fails or its client goes away.
 */
export function streamedExport<B>(principal: Principal, headers: Record<string, string>, start: string, batches: AsyncGenerator<B>, write: (batch: B) => Promise<string>): Response {
  const taken = takeExportPlace(principal)
  // An answer nobody reads (a HEAD request drops the body) gives its place back in a while.
  const unread = setTimeout(taken, UNREAD_EXPORT_MS).unref()
  const release = () => {
    clearTimeout(unread)
    taken()
  }
  const encoder = new TextEncoder()
  let started = false
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true
          clearTimeout(unread)
          if (start) {
            controller.enqueue(encoder.encode(start))
            return
          }
        }
        try {
          await nextTurn()
          const next = await batches.next()
          if (next.done) {
            release()
            controller.close()
          } else controller.enqueue(encoder.encode(await write(next.value)))
        } catch (error) {
          release()
          throw error
        }
      },
      async cancel() {
        release()
        await batches.return(undefined)
      },
    },
    { highWaterMark: 0 },
  )
  return new Response(body, { status: 200, headers })
}
