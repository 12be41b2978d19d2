import { createHash, randomBytes } from 'node:crypto'
import type { OAuthProvider } from './oauth-config'

/** How long a provider may take to answer one request. */
const PROVIDER_TIMEOUT_MS = 10_000

/** A PKCE verifier (RFC 7636: 43 to 128 characters of base64url) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export interface AuthorizeRequest {
  redirectUri: string
  state: string
  challenge: string
}

/** The provider's authorize address for an authorization-code flow with PKCE. */
export function authorizeUrl(provider: OAuthProvider, request: AuthorizeRequest): string {
  const url = new URL(provider.authorizeUrl)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', provider.clientId)
  url.searchParams.set('redirect_uri', request.redirectUri)
  url.searchParams.set('scope', provider.scopes)
  url.searchParams.set('state', request.state)
  url.searchParams.set('code_challenge', request.challenge)
  url.searchParams.set('code_challenge_method', 'S256')
  return url.href
}

/** The provider failed or answered something unusable; the visitor sees a generic message. */
export class ProviderError extends Error {}

async function readJson(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new ProviderError(`${what} answered ${response.status} with no JSON`)
  }
  if (!response.ok || !body || typeof body !== 'object') {
    throw new ProviderError(`${what} answered ${response.status}: ${text.slice(0, 200)}`)
  }
  return body as Record<string, unknown>
}

/** Exchanges the authorization code (with its PKCE verifier) for an access token. */
export async function requestAccessToken(
  provider: OAuthProvider,
  grant: { code: string; verifier: string; redirectUri: string },
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: grant.code,
    redirect_uri: grant.redirectUri,
    code_verifier: grant.verifier,
    client_id: provider.clientId,
  })
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/x-www-form-urlencoded',
  }
  if (provider.tokenAuth === 'basic') {
    const pair = `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`
    headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`
  } else {
    form.set('client_secret', provider.clientSecret)
  }
  const response = await fetch(provider.tokenUrl, {
    method: 'POST',
    headers,
    body: form,
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  const body = await readJson(response, 'The token endpoint')
  if (typeof body.access_token !== 'string' || !body.access_token) {
    throw new ProviderError(`The token endpoint gave no access token (${String(body.error ?? 'no error')})`)
  }
  return body.access_token
}

/** Who signed in, as the console needs it. `emailVerified` is true only when the provider says so. */
export interface Profile {
  subject: string
  email: string | undefined
  emailVerified: boolean
  name: string
  picture: string | undefined
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined

const truthy = (value: unknown) => value === true || value === 'true'

const webUrl = (value: unknown): string | undefined => {
  const url = text(value)
  return url && /^https?:\/\//i.test(url) ? url : undefined
}

async function getJson(url: string, accessToken: string, what: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${accessToken}`, 'User-Agent': 'edge-console' },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  })
  return readJson(response, what)
}

/** GitHub keeps private addresses out of `/user`: its `/user/emails` list says which one is primary and verified. */
async function githubEmail(userinfoUrl: string, accessToken: string): Promise<{ email: string; verified: boolean } | undefined> {
  const emailsUrl = `${userinfoUrl.replace(/\/user\/?(\?.*)?$/, '')}/user/emails`
  const list = await getJson(emailsUrl, accessToken, 'GitHub e-mails').catch(() => undefined)
  if (!Array.isArray(list)) return undefined
  const entries = list as { email?: unknown; primary?: unknown; verified?: unknown }[]
  const primary = entries.find((entry) => entry.primary === true && entry.verified === true) ?? entries.find((entry) => entry.primary === true)
  const email = text(primary?.email)
  return email ? { email, verified: primary?.verified === true } : undefined
}

/**
 * The signed-in person from the provider's user-info endpoint. OIDC providers (Google) answer
 * standard claims; GitHub and X have their own shapes, read here.
 */
export async function fetchProfile(provider: OAuthProvider, accessToken: string): Promise<Profile> {
  const raw = await getJson(provider.userinfoUrl, accessToken, 'The user-info endpoint')
  const body = (raw && typeof raw === 'object' && 'data' in raw && raw.data && typeof raw.data === 'object' ? raw.data : raw) as Record<
    string,
    unknown
  >
  const subject = text(body.sub) ?? text(body.id)
  if (!subject) throw new ProviderError('The user-info endpoint named no subject')
  let email = text(body.email) ?? text(body.confirmed_email)
  // X only shares `confirmed_email`, which it has confirmed.
  let emailVerified = truthy(body.email_verified) || (!body.email && Boolean(text(body.confirmed_email)))
  if (provider.id === 'github' && !body.sub) {
    const listed = await githubEmail(provider.userinfoUrl, accessToken)
    if (listed) ({ email, verified: emailVerified } = listed)
  }
  const name = text(body.name) ?? text(body.login) ?? text(body.username) ?? email?.split('@')[0] ?? subject
  return { subject, email, emailVerified, name, picture: webUrl(body.picture) ?? webUrl(body.avatar_url) ?? webUrl(body.profile_image_url) }
}
