import { array, coerce, enums, object, refine, string, type Infer } from 'superstruct'
import type { BaseRecord } from './collections'
import { described, optional } from './json-schema'
import { RIGHTS, type Right } from './rights'
import { LIMITS, LONE_SURROGATE, Text, type MessageKey } from './validation'

/** What starts a client id (`app_3f9c...`) and an app's access token (`eat_...`). */
export const CLIENT_ID_PREFIX = 'app_'
export const APP_TOKEN_PREFIX = 'eat_'
/** How long an access token from `POST /oauth/token` lasts, in seconds. */
export const APP_TOKEN_SECONDS = 15 * 60
/** The most redirect URIs an app id keeps, and the longest one. */
export const REDIRECT_URIS_MAX = 10
export const REDIRECT_URI_MAX = 512
/** Plain http is only for an app running on the user's own machine (RFC 8252 section 8.3). */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

export { TOKEN_PATH } from './paths'

/** An OAuth2 client of the organization: it gets tokens with the client credentials grant. */
export interface AppIdRecord extends BaseRecord {
  name: string
  /** Public: the app sends it with its secret to `POST /oauth/token`. */
  client_id: string
  redirect_uris: string[]
  scopes: Right[]
  /** When the secret was last replaced; null while it is the first one. */
  rotated_at: string | null
}

/** `POST /app_ids/` and `POST /app_ids/{id}/rotate` answer the record with its secret, the only time it is sent. */
export interface IssuedAppId extends AppIdRecord {
  client_secret: string
}

/** An absolute https URL, or http on a loopback host; no wildcard, no fragment, no user in it. */
export function redirectUriRule(value: string): true | MessageKey {
  if (value.trim().length === 0) return 'validation.required'
  if (value.length > REDIRECT_URI_MAX) return 'validation.tooLong'
  if (LONE_SURROGATE.test(value)) return 'validation.characters'
  if (value.includes('*')) return 'appIds.redirectWildcard'
  if (value.includes('#')) return 'appIds.redirectFragment'
  if (/[\s\u0000-\u001F\u007F]/.test(value) || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return 'appIds.redirectUri'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'appIds.redirectUri'
  }
  if (url.username || url.password || !url.hostname) return 'appIds.redirectUri'
  if (url.protocol === 'https:') return true
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname)) return true
  return 'appIds.redirectHttps'
}

/** One redirect URI as typed, spaces around it dropped. */
export const RedirectUri = described(coerce(refine(string(), 'redirectUri', redirectUriRule), string(), (value) => value.trim()), {
  type: 'string',
  format: 'uri',
  description: 'https, or http on a loopback host; no wildcard, fragment or credentials.',
})

/**
 * Redirect URIs play no part in the client credentials grant, the only one an app id has: the
 * console does not ask for them, and the API takes them optionally, for clients that send them.
 */
const RedirectUris = described(
  refine(array(RedirectUri), 'redirectUris', (list) => list.length <= REDIRECT_URIS_MAX || 'appIds.redirectCount'),
  { maxItems: REDIRECT_URIS_MAX, description: 'Not used by the client credentials grant; optional, none when left out (an update without it keeps them).' },
  array(RedirectUri),
)

/** At least one right; which ones the caller may give is the server's to say. */
const Scopes = described(refine(array(enums(RIGHTS)), 'scopes', (list) => list.length > 0 || 'appIds.scopesRequired'), { minItems: 1 }, array(enums(RIGHTS)))

export const AppIdInput = object({
  name: Text(LIMITS.name),
  redirect_uris: optional(RedirectUris),
  scopes: Scopes,
})
export type AppIdInput = Infer<typeof AppIdInput>

/** Name and scopes change after creation (redirect URIs too, when sent); the client id never does. */
export const AppIdUpdate = AppIdInput
export type AppIdUpdate = AppIdInput

/** `POST /oauth/token`'s answer (RFC 6749 section 5.1). */
export interface TokenAnswer {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  scope: string
}

/** `POST /oauth/token`'s refusal (RFC 6749 section 5.2), with the API's own `message` too. */
export interface TokenError {
  error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope'
  error_description: string
  message: string
}
