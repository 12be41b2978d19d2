/** A stand-in for `globalThis.fetch` that answers by method and API path, and records every request. */
import { respond, type Reply, type SeenRequest } from '../api/fetch-stub'

/** Answers one request; a `Response` goes back as it is (e.g. an event stream). */
export type Handler = (request: SeenRequest & { path: string; query: URLSearchParams }) => Reply | Response

export interface RouteStub {
  requests: SeenRequest[]
  /** The requests whose `METHOD /path` (API base left out) is `route`. */
  seen(route: string): SeenRequest[]
  restore(): void
}

const API_BASE = '/api'

/**
 * Replaces `globalThis.fetch` until `restore()`. `routes` maps `GET /tunnels/` (the path after
 * the API base, without the query) to a handler; anything else gets a 404.
 */
export function routeFetch(routes: Record<string, Handler>): RouteStub {
  const original = globalThis.fetch
  const requests: (SeenRequest & { route: string })[] = []
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname
    const method = (init?.method ?? 'GET').toUpperCase()
    const headers = new Headers(init?.headers as HeadersInit | undefined)
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? null)
    const request = { method, url: String(input), authorization: headers.get('authorization'), body }
    requests.push({ ...request, route: `${method} ${path}` })
    const handler = routes[`${method} ${path}`]
    const reply = handler ? handler({ ...request, path, query: url.searchParams }) : { status: 404, body: { message: 'Not found' } }
    return reply instanceof Response ? reply : 'fail' in reply ? Promise.reject(new TypeError(reply.fail)) : respond(reply)
  }) as typeof fetch
  return {
    requests,
    seen: (route) => requests.filter((request) => request.route === route),
    restore: () => {
      globalThis.fetch = original
    },
  }
}

/** A list answer: the rows, with their count in `X-Total-Count`. */
export const listReply = (rows: readonly unknown[]): Reply => ({ status: 200, body: rows, headers: { 'x-total-count': String(rows.length) } })

/** A Server-Sent Events stream the test writes to, as `GET /events` answers. */
export function eventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  let lastId = 0
  const encoder = new TextEncoder()
  return {
    response: () =>
      new Response(new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }), {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      }),
    send(event: string, data: unknown) {
      controller?.enqueue(encoder.encode(`event: ${event}\nid: ${++lastId}\ndata: ${JSON.stringify(data)}\n\n`))
    },
  }
}
