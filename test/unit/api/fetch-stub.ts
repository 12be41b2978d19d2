/** A stand-in for `globalThis.fetch` that answers from a script and records every request. */

export interface SeenRequest {
  method: string
  url: string
  authorization: string | null
  body: unknown
}

export type Reply =
  | { status: number; body?: unknown; text?: string; headers?: Record<string, string> }
  | { fail: string }

export interface FetchStub {
  requests: SeenRequest[]
  restore(): void
}

const readBody = (body: unknown): unknown => {
  if (typeof body !== 'string') return body ?? null
  try {
    return JSON.parse(body)
  } catch {
    return body
  }
}

const headersOf = (init: RequestInit | undefined): { get(name: string): string | null } => {
  const given = init?.headers as unknown
  if (given && typeof (given as Headers).get === 'function') return given as Headers
  return new Headers((given as Record<string, string> | undefined) ?? {})
}

/** A JSON (or text, or empty) answer. */
export function respond(reply: Exclude<Reply, { fail: string }>): Response {
  if (reply.text !== undefined) {
    return new Response(reply.text, { status: reply.status, headers: { 'content-type': 'text/plain', ...reply.headers } })
  }
  if (reply.body === undefined) return new Response(null, { status: reply.status, headers: reply.headers })
  return new Response(JSON.stringify(reply.body), {
    status: reply.status,
    headers: { 'content-type': 'application/json', ...reply.headers },
  })
}

/**
 * Replaces `globalThis.fetch` until `restore()`. Each request takes the next reply of `replies`
 * (the last one repeats); `{ fail }` makes fetch reject as a network failure does.
 */
export function stubFetch(...replies: Reply[]): FetchStub {
  const original = globalThis.fetch
  const requests: SeenRequest[] = []
  let next = 0
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      method: (init?.method ?? 'GET').toUpperCase(),
      url: String(input),
      authorization: headersOf(init).get('authorization'),
      body: readBody(init?.body),
    })
    const reply = replies[Math.min(next++, replies.length - 1)]
    if (!reply) throw new Error('stubFetch: no reply scripted')
    if ('fail' in reply) throw new TypeError(reply.fail)
    return respond(reply)
  }) as typeof fetch
  return {
    requests,
    restore: () => {
      globalThis.fetch = original
    },
  }
}
