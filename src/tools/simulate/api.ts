import { collectionPath } from '../../contract/collections'
import type { Device, DeviceStatus, HeartbeatBody } from '../../contract/devices'
import type { EnrollBody, Enrolled, EnrollmentKeyInput, IssuedEnrollmentKey } from '../../contract/enrollment'
import { API } from '../../contract/paths'
import type { AuthAnswer } from '../../contract/user'

const TIMEOUT_MS = 10_000

/** A refused or failed call: `status` 0 when no answer came at all. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds the server asked to wait (429). */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

export interface Api {
  call<T>(method: string, path: string, body?: unknown): Promise<{ data: T; total: number }>
}

/** JSON calls to `{url}/api` with a Bearer token; every answer but 2xx throws a `CallError`. */
export function apiClient(url: string, token?: string): Api {
  return {
    async call<T>(method: string, path: string, body?: unknown) {
      const headers: Record<string, string> = { accept: 'application/json' }
      if (token) headers.authorization = `Bearer ${token}`
      if (body !== undefined) headers['content-type'] = 'application/json'
      let response: Response
      try {
        response = await fetch(`${url}/api${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (error) {
        const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)
        throw new CallError(0, `no answer from ${url}: ${cause}`)
      }
      const text = await response.text()
      const json: unknown = text ? safeJson(text) : undefined
      if (!response.ok) {
        const message = (json as { message?: unknown } | undefined)?.message
        const retry = Number(response.headers.get('retry-after'))
        throw new CallError(response.status, typeof message === 'string' ? message : `HTTP ${response.status}`, retry > 0 ? retry : undefined)
      }
      return { data: json as T, total: Number(response.headers.get('x-total-count') ?? 0) }
    },
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export const signIn = async (url: string, email: string, password: string) =>
  (await apiClient(url).call<AuthAnswer>('POST', API.login, { email, password })).data.user.auth_key

export const signOut = (api: Api) => api.call('POST', API.logout, {})

/** The key the simulated devices enroll with, as an operator makes one. */
export const issueEnrollmentKey = async (api: Api, input: EnrollmentKeyInput) =>
  (await api.call<IssuedEnrollmentKey>('POST', collectionPath('enrollment_keys'), input)).data

export const revokeEnrollmentKey = (api: Api, id: string) => api.call('POST', `${collectionPath('enrollment_keys', id)}/revoke`, {})

/** A device joins with the enrollment key `enroller` carries, as the agent does; the same serial re-attaches. */
export const enrollDevice = async (enroller: Api, body: EnrollBody) => (await enroller.call<Enrolled>('POST', '/devices/enroll', body)).data

/** One page of devices, 100 at a time, ordered by serial so paging is stable. */
export const devicePage = (api: Api, page: number, q = '') =>
  api.call<Device[]>('GET', `${collectionPath('devices')}?${new URLSearchParams({ q, sort: 'serial', order: 'asc', page: String(page), per_page: '100' })}`)

/** How many of the organization's devices the server has in `status` now. */
export const countWithStatus = async (api: Api, status: DeviceStatus) =>
  (await api.call('GET', `${collectionPath('devices')}?status=${status}&per_page=5`)).total

export const heartbeat = (api: Api, id: string, body: HeartbeatBody) => api.call('POST', `${collectionPath('devices', id)}/heartbeat`, body)
