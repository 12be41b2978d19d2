import { Hono, type Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import authTexts from '../../../../locales/auth/en.json'
import { safeNext } from '../../../contract/next-path'
import { API, socialCallbackPath, socialStartPath } from '../../../contract/paths'
import { ExchangeBody, socialErrorKey, type Provider, type SocialError } from '../../../contract/social'
import { readBody } from '../../http/body'
import { ApiError } from '../../http/errors'
import { linkOrigin } from '../../http/origin'
import { route } from '../../http/route'
import { RULES } from '../../http/throttle'
import type { Services } from '../../services'
import { signedInAnswer } from '../signed-in'
import { originOf } from '../sign-in/routes'
import { authorizeUrl, fetchProfile, pkcePair, requestAccessToken } from '../oauth-client'
import { resolveProviders, type OAuthOptions, type OAuthProvider } from '../oauth-config'
import { issueCode, saveState, signInWithProfile, STATE_MINUTES, takeCode, takeState } from '../social-sign-in'
import { hashSecret, newSecret } from '../tokens'
import { describe } from '../../openapi/registry'
import { bool, obj, str } from '../../openapi/shapes'

/** The console screen a provider sign-in returns to, with a one-time code or an error key. */
export const SOCIAL_RETURN_PATH = '/login-firebase'
/** Ties a provider flow to the browser that started it, so nobody can finish it in someone else's. */
export const BROWSER_COOKIE = 'console_oauth'

const texts = authTexts.auth.social

/**
 * Social sign-in, an OAuth2 authorization-code flow with `state` and PKCE (S256):
 * `GET /auth/providers`, `GET /auth/:provider/start?next=`, `GET /auth/:provider/callback`,
 * then `POST /auth/exchange` trades the one-time code for a token, as sign-in answers it.
 */
const PROVIDER = { provider: 'The provider\'s id, as `GET /auth/providers` lists it.' }
describe(
  {
    method: 'get',
    path: API.providers,
    tag: 'Sign-in',
    summary: 'Social sign-in providers',
    description: 'The providers the sign-in page offers; one without a client id and secret is listed disabled, with the reason.',
    caller: 'public',
    answers: { 200: { description: 'The providers.', body: { type: 'array', items: obj({ id: str, name: str, enabled: bool, 'reason?': str }) } } },
  },
  {
    method: 'get',
    path: socialStartPath(':provider'),
    tag: 'Sign-in',
    summary: 'Start a social sign-in',
    description: 'Sends the browser to the provider (PKCE, a state bound to this browser by a cookie). `next` is where the console goes after.',
    caller: 'public',
    params: PROVIDER,
    query: [{ name: 'next', description: 'A console path to open after signing in.', schema: { type: 'string' } }],
    answers: {
      302: { description: 'To the provider\'s sign-in.', headers: ['Location'] },
      404: { description: 'No such provider, or one not configured.', body: { ref: 'Error' } },
    },
  },
  {
    method: 'get',
    path: socialCallbackPath(':provider'),
    tag: 'Sign-in',
    summary: 'Where the provider sends the browser back',
    description: 'Back to the console with a one-time `code` to exchange at `POST /auth/exchange`, or with an `error`.',
    caller: 'public',
    params: PROVIDER,
    query: [
      { name: 'state', description: 'The state of the start.', schema: { type: 'string' } },
      { name: 'code', description: 'The provider\'s code.', schema: { type: 'string' } },
      { name: 'error', description: 'The provider\'s refusal.', schema: { type: 'string' } },
    ],
    answers: {
      302: { description: 'Back to the console.', headers: ['Location'] },
      404: { description: 'No such provider, or one not configured.', body: { ref: 'Error' } },
    },
  },
  {
    method: 'post',
    path: API.exchange,
    tag: 'Sign-in',
    summary: 'Exchange a social sign-in code',
    description: 'Trades the one-time code of a social sign-in for a session. 20 per client in 15 minutes, then 429.',
    caller: 'public',
    body: ExchangeBody,
    answers: {
      200: { description: 'Signed in.', body: { ref: 'SignedIn' } },
      400: { description: 'An unknown, used or expired code.', body: { ref: 'Error' } },
      429: { description: 'Too many attempts.', body: { ref: 'Error' }, headers: ['Retry-After'] },
    },
  },
)

export function socialRoutes(services: Services & { oauth?: OAuthOptions }) {
  const { db } = services
  const providers = resolveProviders(services.oauth)

  const enabled = (id: string): OAuthProvider => {
    const provider = providers.find((candidate) => candidate.id === id && candidate.enabled)
    if (!provider) throw new ApiError(404, texts.notConfigured)
    return provider
  }


  /** Back to the console; relative unless PUBLIC_URL names where it is served. */
  const backToConsole = (c: Context, query: Record<string, string>) =>
    c.redirect(`${(services.publicUrl ?? '').replace(/\/+$/, '')}${SOCIAL_RETURN_PATH}?${new URLSearchParams(query)}`, 302)

  const refuse = (c: Context, error: SocialError) => backToConsole(c, { error: socialErrorKey(error) })

  return new Hono()
    .get(route(API.providers), (c) =>
      c.json(
        providers.map(({ id, name, enabled }): Provider => (enabled ? { id, name, enabled } : { id, name, enabled, reason: texts.notConfigured })),
      ),
    )
    .get(socialStartPath(':provider'), async (c) => {
      const provider = enabled(c.req.param('provider') ?? '')
      const url = new URL(c.req.url)
      const callback = url.pathname.replace(/\/start\/?$/, '/callback')
      const redirectUri = `${linkOrigin(c, services.publicUrl)}${callback}`
      const known = getCookie(c, BROWSER_COOKIE)
      const browser = known && /^[\w-]{43}$/.test(known) ? known : newSecret()
      setCookie(c, BROWSER_COOKIE, browser, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: redirectUri.startsWith('https:'),
        path: callback.replace(/\/[^/]+\/callback$/, ''),
        maxAge: STATE_MINUTES * 60,
      })
      const state = newSecret()
      const { verifier, challenge } = pkcePair()
      const next = safeNext(c.req.query('next'))
      await saveState(db, { state, provider: provider.id, verifier, redirectUri, next, browser }, services.now())
      c.header('Cache-Control', 'no-store')
      return c.redirect(authorizeUrl(provider, { redirectUri, state, challenge }), 302)
    })
    .get(socialCallbackPath(':provider'), async (c) => {
      const provider = enabled(c.req.param('provider') ?? '')
      c.header('Cache-Control', 'no-store')
      const state = c.req.query('state')
      const flow = state ? await takeState(db, provider.id, state, services.now()) : undefined
      const browser = getCookie(c, BROWSER_COOKIE)
      if (!flow || !browser || hashSecret(browser) !== flow.browser_hash) return refuse(c, 'state')
      if (c.req.query('error')) return refuse(c, 'denied')
      const code = c.req.query('code')
      if (!code) return refuse(c, 'provider')

      let outcome: Awaited<ReturnType<typeof signInWithProfile>>
      try {
        const accessToken = await requestAccessToken(provider, { code, verifier: flow.verifier, redirectUri: flow.redirect_uri })
        outcome = await signInWithProfile(services, provider.id, await fetchProfile(provider, accessToken))
      } catch (error) {
        services.log.error(`Sign-in with ${provider.name} failed:`, error)
        return refuse(c, 'provider')
      }
      if (typeof outcome === 'string') return refuse(c, outcome)
      const oneTime = await issueCode(db, outcome.userId, outcome.created, services.now(), provider.id)
      return backToConsole(c, { code: oneTime, next: flow.next })
    })
    .post(route(API.exchange), async (c) => {
      const body = await readBody(c, ExchangeBody)
      await services.throttle.count(c, [RULES.exchange])
      const taken = await takeCode(db, body.code.trim(), services.now())
      if (!taken) throw new ApiError(400, texts.errors.code)
      return c.json(await signedInAnswer(services, taken.userId, taken.createdAccount ? 'registered' : 'signedIn', originOf(services, c, taken.provider)))
    })
}
