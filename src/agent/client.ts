// The agent's calls to the console: JSON over the global fetch of Node 18+, a Bearer secret, a
// time limit, and an end when the agent is told to stop.

/** How long one call may take before it counts as a network failure. */
const TIMEOUT_MS = 30_000

/** An answer of the console: its status, its JSON (when it sent any), its `Retry-After` in seconds. */
export interface Answer<T = unknown> {
  status: number
  body: T | undefined
  retryAfterS?: number
  /** The time from sending to the whole answer, in ms. */
  tookMs: number
}

/** No answer came: the network failed, the time ran out, or the agent was stopped. */
export class NoAnswer extends Error {}

/** `Retry-After` as seconds: a number of seconds or an HTTP date. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000)
}

/** The `message` of a refusal, or its status when it had none. */
export const messageOf = (answer: Answer): string => {
  const message = (answer.body as { message?: unknown } | undefined)?.message
  return typeof message === 'string' ? message : `HTTP ${answer.status}`
}

/** POSTs `body` as JSON to `{origin}/api{path}` with `Authorization: Bearer <secret>`. */
export async function post<T>(origin: string, path: string, secret: string, body: unknown, stop: AbortSignal): Promise<Answer<T>> {
  const controller = new AbortController()
  const abort = () => controller.abort()
  const timer = setTimeout(abort, TIMEOUT_MS)
  stop.addEventListener('abort', abort)
  const began = performance.now()
  try {
    const response = await fetch(`${origin}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
      redirect: 'error',
    })
    const text = await response.text()
    let json: T | undefined
    try {
      json = text ? (JSON.parse(text) as T) : undefined
    } catch {
      json = undefined
    }
    return { status: response.status, body: json, retryAfterS: retryAfterSeconds(response.headers.get('retry-after')), tookMs: performance.now() - began }
  } catch (error) {
    if (stop.aborted) throw new NoAnswer('stopped')
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message
    throw new NoAnswer(controller.signal.aborted ? `no answer within ${TIMEOUT_MS / 1000} s` : cause)
  } finally {
    clearTimeout(timer)
    stop.removeEventListener('abort', abort)
  }
}
