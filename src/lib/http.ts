import type { FetchOptions } from 'ofetch'
import type { QueryValues } from '../contract/collections'
import { takeEarlyAnswer } from './early-answers'

export interface RawAnswer {
  /** HTTP status; 0 when no answer arrived (network down, server unreachable). */
  status: number
  body: unknown
  headers: Headers | null
  error?: string
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface HttpRequest {
  method: Method
  url: string
  headers?: Record<string, string>
  body?: unknown
  query?: QueryValues
  signal?: AbortSignal
}

// The client loads with the first request: a public page renders and hydrates without it.
let client: Promise<typeof import('ofetch')> | undefined
const loadClient = () =>
  (client ??= import('ofetch').catch((error: unknown) => {
    client = undefined
    throw error
  }))

/** An answer the page's start script asked for; undefined when it failed, so the call asks again. */
async function readEarly(early: Promise<Response>): Promise<RawAnswer | undefined> {
  try {
    const response = await early
    const text = await response.text()
    const json = /json/i.test(response.headers.get('content-type') ?? '')
    return { status: response.status, body: text && json ? (JSON.parse(text) as unknown) : text || null, headers: response.headers }
  } catch {
    return undefined
  }
}

/** One HTTP exchange that never throws: every outcome is a status and a body. */
export async function send(request: HttpRequest): Promise<RawAnswer> {
  const early = request.method === 'GET' ? takeEarlyAnswer(request.headers?.authorization, request.url, request.query) : undefined
  const answer = early && (await readEarly(early))
  if (answer && !request.signal?.aborted) return answer
  const options: FetchOptions<'json'> = {
    method: request.method,
    headers: { accept: 'application/json', ...request.headers },
    query: request.query as FetchOptions['query'],
    signal: request.signal,
    retry: 0,
    ignoreResponseError: true,
  }
  if (request.body !== undefined) options.body = request.body as Record<string, unknown>
  try {
    const { ofetch } = await loadClient()
    if (request.signal?.aborted) return { status: 0, body: null, headers: null, error: 'aborted' }
    const response = await ofetch.raw(request.url, options)
    return { status: response.status, body: response._data ?? null, headers: response.headers }
  } catch (error) {
    return { status: 0, body: null, headers: null, error: error instanceof Error ? error.message : String(error) }
  }
}
