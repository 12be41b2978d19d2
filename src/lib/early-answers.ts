import type { QueryValues } from '../contract/collections'

/**
 * Answers asked for before the console's code arrived. The start script of the `/app` page sends
 * `GET /users/self` and the screen's first list request while the code downloads, under the key of
 * their URL; the first call for the same URL takes the answer instead of asking again.
 */
declare global {
  interface Window {
    earlyAnswers?: Record<string, Promise<Response>>
  }
}

type Query = QueryValues | undefined

/** One URL for a request however its query was given: absolute, parameters sorted. */
export function requestKey(url: string, query?: Query, base = typeof location === 'undefined' ? 'http://localhost/' : location.href): string {
  const parsed = new URL(url, base)
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) parsed.searchParams.append(name, String(one))
  }
  parsed.searchParams.sort()
  return parsed.href
}

/** An early answer's name: who asked (the Authorization header) and the URL. */
export const earlyKey = (authorization: string, url: string, query?: Query, base?: string) => `${authorization}\n${requestKey(url, query, base)}`

/** The early answer to the same caller for `url`, once: later calls ask the server. */
export function takeEarlyAnswer(authorization: string | undefined, url: string, query?: Query): Promise<Response> | undefined {
  const answers = typeof window === 'undefined' ? undefined : window.earlyAnswers
  if (!answers || !authorization) return undefined
  const key = earlyKey(authorization, url, query)
  const answer = answers[key]
  delete answers[key]
  return answer
}

/** Drops every early answer, taken or not: a sign-out leaves none of the last user's. */
export function dropEarlyAnswers(): void {
  if (typeof window !== 'undefined') delete window.earlyAnswers
}
