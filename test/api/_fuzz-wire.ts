import http from 'node:http'
import zlib from 'node:zlib'
import * as assert from 'uvu/assert'

export const TIMEOUT_MS = 4000

export type Outgoing = { method: string; path: string; query: string; body: string | Uint8Array | undefined; chunked: boolean; headers: http.OutgoingHttpHeaders }
export type Answer = { status: number; type: string; text: string; retryAfter?: string }
const DECODERS: Record<string, (raw: Buffer) => Buffer> = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync, deflate: zlib.inflateSync }

/** One request to `port` over `agent`, raw as given; rejects on a broken connection or after TIMEOUT_MS. */
export const send = (port: number, agent: http.Agent, { method, path, query, body, chunked, headers }: Outgoing) =>
  new Promise<Answer>((resolve, reject) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body
    // Framed explicitly: Node's client sends a GET body with neither length nor chunks otherwise.
    const framing = !bytes ? {} : chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': bytes.length }
    const target = { host: '127.0.0.1', port, path: query ? `${path}?${query}` : path, headers: { ...headers, ...framing } }
    const req = http.request({ ...target, method, agent, signal: AbortSignal.timeout(TIMEOUT_MS) }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('error', reject)
      res.on('close', () => res.complete || reject(new Error('the answer was cut off')))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        const text = (DECODERS[res.headers['content-encoding'] ?? '']?.(raw) ?? raw).toString()
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', text, retryAfter: res.headers['retry-after'] })
      })
    })
    req.on('error', reject)
    if (chunked && bytes) req.write(bytes)
    req.end(chunked ? undefined : bytes)
  })

/**
 * The property: never a 5xx, and every answer but an empty success is JSON, with a message when it
 * fails; a `download` route's success may be CSV or JSON Lines instead.
 */
export function checkAnswer({ status, type, text }: Answer, lastLog = '', download = false) {
  assert.ok(status < 500, `answered ${status}: ${text.slice(0, 300)} (server log: ${lastLog.slice(0, 300)})`)
  if (status >= 200 && status < 300 && !text) return
  if (download && status >= 200 && status < 300 && /^(text\/csv|application\/x-ndjson)\b/.test(type)) return
  assert.match(type, /^application\/json\b/, `answered ${status} as ${type || 'no type'}: ${text.slice(0, 300)}`)
  const parsed: unknown = JSON.parse(text)
  if (status >= 300) assert.type((parsed as { message?: unknown } | null)?.message, 'string', `answered ${status} without a message: ${text.slice(0, 300)}`)
}
