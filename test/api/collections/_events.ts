// Reads `GET /api/events` as the console does (fetch with the token in a header), with timeouts everywhere.
import type { TestServer } from '../_server'

export interface StreamEvent {
  event: string
  id?: string
  data: any
}

export interface EventStream {
  /** Every event so far, in order of arrival. */
  events: StreamEvent[]
  /** Resolves true once the server has ended the stream. */
  ended: Promise<boolean>
  isEnded(): boolean
  /** The first event matching `match`, waiting at most `timeoutMs`; throws with what came otherwise. */
  waitFor(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>
  /** Whether the server ended the stream within `timeoutMs`. */
  waitForEnd(timeoutMs?: number): Promise<boolean>
  close(): void
}

const parse = (block: string): StreamEvent | undefined => {
  let event = 'message'
  let id: string | undefined
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || !line) continue
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') event = value
    else if (field === 'id') id = value
    else if (field === 'data') data.push(value)
  }
  if (!data.length) return undefined
  const text = data.join('\n')
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // keep the text
  }
  return { event, id, data: parsed }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Opens the stream with `token`; resolves once the server has subscribed it (its `: live` line),
 * or rejects with the status when it answers anything but a stream. Gives up after `timeoutMs`.
 */
export async function openEvents(server: TestServer, token: string, options: { lastEventId?: string; timeoutMs?: number } = {}): Promise<EventStream> {
  const abort = new AbortController()
  const timeoutMs = options.timeoutMs ?? 3000
  const giveUp = setTimeout(() => abort.abort(), timeoutMs)
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }
  if (options.lastEventId !== undefined) headers['Last-Event-ID'] = options.lastEventId
  const res = await fetch(`${server.url}/api/events`, { headers, signal: abort.signal })
  if (res.status !== 200 || !res.body) {
    clearTimeout(giveUp)
    abort.abort()
    throw new Error(`events answered ${res.status}: ${await res.text().catch(() => '')}`)
  }
  clearTimeout(giveUp)
  const events: StreamEvent[] = []
  const waiters = new Set<() => void>()
  const notify = () => waiters.forEach((wake) => wake())
  let ended = false
  let live!: () => void
  const subscribed = new Promise<void>((resolve) => (live = resolve))
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  const reading = (async () => {
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value.replace(/\r\n?/g, '\n')
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (block.split('\n').includes(': live')) live()
          const event = parse(block)
          if (event) events.push(event)
        }
        notify()
      }
    } catch {
      // aborted by close(): not an end by the server
      return false
    }
    ended = true
    notify()
    return true
  })()

  const until = async (done: () => boolean, ms: number) => {
    const deadline = Date.now() + ms
    while (!done() && Date.now() < deadline) {
      await Promise.race([new Promise<void>((resolve) => waiters.add(resolve)), sleep(Math.max(1, deadline - Date.now()))])
      waiters.clear()
    }
    return done()
  }

  const stream: EventStream = {
    events,
    ended: reading,
    isEnded: () => ended,
    async waitFor(match, ms = 3000) {
      if (await until(() => events.some(match), ms)) return events.find(match)!
      throw new Error(`No matching event within ${ms} ms; got ${JSON.stringify(events)}${ended ? ' (stream ended)' : ''}`)
    },
    waitForEnd: (ms = 3000) => until(() => ended, ms),
    close: () => abort.abort(),
  }
  const ok = await Promise.race([subscribed.then(() => true), sleep(timeoutMs).then(() => false)])
  if (!ok) {
    stream.close()
    throw new Error(`events stream sent no ': live' line within ${timeoutMs} ms`)
  }
  return stream
}

/** Waits `ms`, for checks that something does not arrive. */
export const quiet = sleep
