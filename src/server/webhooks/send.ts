import dns from 'node:dns'
import { isIP } from 'node:net'
import { Agent, fetch as pinnedFetch } from 'undici'
import { RESPONSE_KEPT_BYTES, type DeliveryError } from '../../contract/webhooks'
import { resolvedAllowed, webhookUrlAllowed, type ReachPolicy } from './address'
import { signDelivery } from './secrets'

/** A receiver gets this long to answer, body and all. */
export const SEND_TIMEOUT_MS = 10_000

export type Lookup = (host: string) => Promise<string[]>

/** The system resolver, every address of the name. */
const systemLookup: Lookup = async (host) => (await dns.promises.lookup(host, { all: true, verbatim: true })).map((answer) => answer.address)

/** The first bytes of an answer as text: control characters (but line breaks and tabs) dropped. */
export const printable = (bytes: Uint8Array) =>
  new TextDecoder('utf-8', { fatal: false })
    .decode(bytes)
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g, '')
    .replace(/\uFFFD+$/, '')

/**
 * A connection pool that dials only `addresses`, the host's answers as they were checked: a name
 * whose answer changes between the check and the connection (DNS rebinding) reaches nothing else.
 * TLS still checks the certificate against the URL's host name.
 */
function pinnedTo(addresses: string[]): Agent {
  const answers = addresses.map((address) => ({ address, family: isIP(address) || 4 }))
  return new Agent({
    connect: {
      lookup: (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        if (options.all) callback(null, answers)
        else callback(null, answers[0]!.address, answers[0]!.family)
      },
    } as never,
  })
}

/** Reads at most `limit` bytes of a body, then lets the rest go. */
async function firstBytes(response: { body: { getReader(): ReadableStreamDefaultReader<Uint8Array> } | null }, limit: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array()
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  try {
    while (size < limit) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value)
      size += value.length
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  const all = new Uint8Array(Math.min(size, limit))
  let at = 0
  for (const part of parts) {
    const take = part.subarray(0, all.length - at)
    all.set(take, at)
    at += take.length
    if (at >= all.length) break
  }
  return all
}

/** How one try went. */
export interface Outcome {
  ok: boolean
  status_code: number | null
  error: DeliveryError | null
  duration_ms: number
  response: string
}

export interface SenderOptions {
  policy: () => ReachPolicy
  now: () => Date
  lookup?: Lookup
  timeoutMs?: number
}

/** Makes single tries: `send(url, secret, eventId, body)`. */
export function createSender(options: SenderOptions) {
  const lookup = options.lookup ?? systemLookup

  /**
   * Where a URL may go: the URL's own rule, then every address its host resolves to; the
   * addresses checked, which the try then connects to and to nothing else.
   */
  async function reachable(url: URL): Promise<{ addresses: string[] } | 'refused_address' | 'connection'> {
    if (webhookUrlAllowed(url.href, options.policy()) !== true) return 'refused_address'
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
    let addresses: string[]
    try {
      addresses = isIP(host) ? [host] : await lookup(host)
    } catch {
      return 'connection'
    }
    if (!addresses.length) return 'connection'
    return resolvedAllowed(addresses, port, options.policy()) === true ? { addresses } : 'refused_address'
  }

  /**
   * One try: the address checked, then a POST with the signature headers, no redirect followed,
   * `timeoutMs` at most for the answer and the bytes kept of it, so a receiver that answers
   * slowly, or trickles its body, holds a delivery slot no longer. Every address the host
   * resolves to must be allowed, so a name answering a private address beside a public one is refused.
   */
  return async function send(url: string, secret: string, eventId: string, body: string): Promise<Outcome> {
    const started = performance.now()
    const done = (outcome: Omit<Outcome, 'duration_ms'>): Outcome => ({ ...outcome, duration_ms: Math.round(performance.now() - started) })
    let target: URL
    try {
      target = new URL(url)
    } catch {
      return done({ ok: false, status_code: null, error: 'refused_address', response: '' })
    }
    const reach = await reachable(target)
    if (typeof reach === 'string') return done({ ok: false, status_code: null, error: reach, response: '' })
    const timestamp = Math.floor(options.now().getTime() / 1000)
    const pinned = pinnedTo(reach.addresses)
    try {
      const response = await pinnedFetch(target, {
        dispatcher: pinned,
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS),
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Edgeline-Webhooks/1',
          'Webhook-Id': eventId,
          'Webhook-Timestamp': String(timestamp),
          'Webhook-Signature': signDelivery(secret, eventId, timestamp, body),
        },
        body,
      })
      const text = printable(await firstBytes(response, RESPONSE_KEPT_BYTES).catch(() => new Uint8Array()))
      const redirect = response.status >= 300 && response.status < 400
      const ok = response.status >= 200 && response.status < 300
      return done({ ok, status_code: response.status, error: ok ? null : redirect ? 'redirect' : 'status', response: text })
    } catch (error) {
      const name = (error as Error).name
      return done({ ok: false, status_code: null, error: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'connection', response: '' })
    } finally {
      void pinned.close().catch(() => undefined)
    }
  }
}
