import { API, socialStartPath } from '../contract/paths'
import type { Provider } from '../contract/social'
import type { AuthAnswer } from '../contract/user'
import { apiHost, call } from './client'

/** `GET /auth/providers`: every provider, enabled or with the reason it is not. */
export const listProviders = () => call<Provider[]>('GET', API.providers)

/** `POST /auth/exchange`: the one-time code of a finished provider sign-in for the user and token. */
export const exchangeCode = (code: string) => call<AuthAnswer>('POST', API.exchange, { body: { code } })

/** Where the browser goes to sign in with `provider`; the server returns it to `next` afterwards. */
export function providerStartUrl(provider: string, next?: string | null): string {
  const query = next ? `?next=${encodeURIComponent(next)}` : ''
  return `${apiHost()}${socialStartPath(provider)}${query}`
}
