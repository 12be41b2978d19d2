import { randomUUID, timingSafeEqual } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { APP_TOKEN_PREFIX, APP_TOKEN_SECONDS, TOKEN_PATH, type TokenAnswer, type TokenError } from '../../../contract/app-ids'
import { isRight, type Right } from '../../../contract/rights'
import { appIdByClient, insertAppToken } from '../../db/auth/app-tokens'
import { ApiError } from '../../http/errors'
import { route } from '../../http/route'
import { RULES } from '../../http/throttle'
import { message, type ServerKey } from '../../messages'
import type { Services } from '../../services'
import { liveKeyChain } from '../../db/access-keys'
import { parseRights, rightsOf } from '../accounts'
import { hashSecret, newSecret } from '../tokens'
import { describe } from '../../openapi/registry'
import { int, obj, oneOf, str } from '../../openapi/shapes'

/** A token request is a few short parameters; anything longer is not one. */
const MAX_FORM_BYTES = 4096
const CLIENT_ID_MAX = 64
const CLIENT_SECRET_MAX = 128

/** An OAuth error answer (RFC 6749 section 5.2), thrown out of the token endpoint. */
class TokenRefusal extends Error {
  constructor(
    readonly error: TokenError['error'],
    readonly key: ServerKey,
    readonly status: 400 | 401 = 400,
  ) {
    super(message(key))
  }
}

const sameHash = (hash: string, secret: string) => {
  const want = Buffer.from(hash, 'hex')
  const got = Buffer.from(hashSecret(secret), 'hex')
  return want.length === got.length && timingSafeEqual(want, got)
}

/** `application/x-www-form-urlencoded` decoding of one part of a Basic credential (RFC 6749 section 2.3.1). */
const formDecode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '))

/** The client's id and secret from HTTP Basic, or undefined when the header is not Basic. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined | 'bad' {
  if (!header || !/^Basic\b/i.test(header)) return undefined
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,1024})\s*$/i.exec(header)
  if (!match) return 'bad'
  const pair = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = pair.indexOf(':')
  if (colon < 0) return 'bad'
  try {
    return { id: formDecode(pair.slice(0, colon)), secret: formDecode(pair.slice(colon + 1)) }
  } catch {
    return 'bad'
  }
}

/** The form's parameters, each at most once (RFC 6749 section 3.2); throws invalid_request otherwise. */
async function readForm(c: Context): Promise<Map<string, string>> {
  const type = c.req.header('Content-Type') ?? ''
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type.trim())) throw new TokenRefusal('invalid_request', 'tokenRequest')
  if (Number(c.req.header('Content-Length') ?? 0) > MAX_FORM_BYTES) throw new TokenRefusal('invalid_request', 'tokenRequest')
  const text = await c.req.text()
  if (text.length > MAX_FORM_BYTES) throw new TokenRefusal('invalid_request', 'tokenRequest')
  const form = new Map<string, string>()
  for (const [name, value] of new URLSearchParams(text)) {
    if (form.has(name)) throw new TokenRefusal('invalid_request', 'tokenRequest')
    form.set(name, value)
  }
  return form
}

interface AppRow {
  id: string
  organization_id: string
  created_by: string | null
  made_by_key: string | null
  secret_hash: string
  scopes: string
}

/**
 * `POST /oauth/token`: the client credentials grant (RFC 6749 section 4.4). The client
 * authenticates with HTTP Basic or with `client_id` and `client_secret` in the form; the answer is
 * a Bearer token for `APP_TOKEN_SECONDS`, within the app id's scopes and its maker's current rights.
 */
const TOKEN_ERROR = obj({
  error: oneOf(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope']),
  error_description: str,
  message: str,
})
describe({
  method: 'post',
  path: TOKEN_PATH,
  tag: 'App ids',
  summary: 'Get an app token (client credentials)',
  description:
    'An app id trades its credentials (HTTP Basic, or `client_id` and `client_secret` in the form) for a Bearer token valid 15 minutes, limited to the app id\'s scopes, its organization and what its maker still holds (RFC 6749 section 4.4).',
  caller: 'public',
  bodyType: 'application/x-www-form-urlencoded',
  body: obj({
    grant_type: { type: 'string', enum: ['client_credentials'] },
    'scope?': { type: 'string', description: 'Space-separated rights; all of the app id\'s when absent.' },
    'client_id?': str,
    'client_secret?': str,
  }),
  answers: {
    200: { description: 'The token.', body: obj({ access_token: str, token_type: { type: 'string', enum: ['Bearer'] }, expires_in: int, scope: str }) },
    400: { description: 'A malformed request, grant or scope (RFC 6749 section 5.2).', body: TOKEN_ERROR },
    401: { description: 'Unknown client or wrong secret.', body: TOKEN_ERROR },
    429: { description: 'Too many attempts.', body: { anyOf: [TOKEN_ERROR, { $ref: '#/components/schemas/Error' }] }, headers: ['Retry-After'] },
  },
})

export function appTokenRoutes(services: Services) {
  const { db, throttle } = services

  /** The app id whose credentials these are; failures count against the caller's address. */
  async function authenticate(c: Context, form: Map<string, string>): Promise<AppRow> {
    const basic = basicCredentials(c.req.header('Authorization'))
    const inBody = form.has('client_secret')
    if (basic && inBody) throw new TokenRefusal('invalid_request', 'oneClientAuth')
    const viaBasic = basic !== undefined
    const refuse = () => new TokenRefusal('invalid_client', 'badClient', viaBasic || !inBody ? 401 : 400)
    const counted = await throttle.count(c, [RULES.appToken])
    const credentials = basic ?? (inBody ? { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' } : undefined)
    if (!credentials || credentials === 'bad') throw refuse()
    // With Basic, a client_id in the form must name the same client.
    if (viaBasic && form.has('client_id') && form.get('client_id') !== credentials.id) throw refuse()
    if (!credentials.id || credentials.id.length > CLIENT_ID_MAX || !credentials.secret || credentials.secret.length > CLIENT_SECRET_MAX) throw refuse()
    const app = await appIdByClient(db, credentials.id)
    // Hash anyway, so an unknown client id takes as long as a wrong secret.
    const matches = sameHash(app?.secret_hash ?? '0'.repeat(64), credentials.secret)
    if (!app || !matches) throw refuse()
    // Credentials made with a key end with it, as if they had been deleted.
    if (app.made_by_key !== null && !(await liveKeyChain(db, app.made_by_key, services.now()))) {
      throw new TokenRefusal('invalid_client', 'appKeyGone', viaBasic || !inBody ? 401 : 400)
    }
    await counted.refund()
    return app
  }

  /** The scopes the token gets: those asked for (all of the app's when none are), held by the app and its maker. */
  async function grantedScopes(app: AppRow, asked: string | undefined): Promise<Right[]> {
    const appScopes = parseRights(app.scopes)
    const names = asked === undefined ? appScopes : asked.split(' ').filter(Boolean)
    if (asked !== undefined && (!names.length || asked.length > 512)) throw new TokenRefusal('invalid_scope', 'badScope')
    for (const name of names) if (!isRight(name) || !appScopes.includes(name)) throw new TokenRefusal('invalid_scope', 'badScope')
    const makerRights = app.created_by ? await rightsOf(db, app.created_by, app.organization_id) : undefined
    if (!makerRights) throw new TokenRefusal('unauthorized_client', 'appMakerGone')
    const granted = [...new Set(names as Right[])].filter((right) => makerRights.includes(right))
    if (!granted.length) throw new TokenRefusal('invalid_scope', 'scopeNotHeldByMaker')
    return granted
  }

  const answerRefusal = (c: Context, refusal: TokenRefusal) => {
    const body: TokenError = { error: refusal.error, error_description: refusal.message, message: refusal.message }
    if (refusal.status === 401) c.header('WWW-Authenticate', 'Basic realm="oauth", charset="UTF-8"')
    c.header('Pragma', 'no-cache')
    return c.json(body, refusal.status)
  }

  return new Hono().post(route(TOKEN_PATH), async (c) => {
    try {
      const form = await readForm(c)
      const app = await authenticate(c, form)
      const grant = form.get('grant_type')
      if (!grant) throw new TokenRefusal('invalid_request', 'missingGrant')
      if (grant !== 'client_credentials') throw new TokenRefusal('unsupported_grant_type', 'badGrant')
      const scopes = await grantedScopes(app, form.get('scope'))
      const token = APP_TOKEN_PREFIX + newSecret()
      const now = services.now()
      await insertAppToken(db, {
        id: randomUUID(),
        tokenHash: hashSecret(token),
        appId: app.id,
        organizationId: app.organization_id,
        scopes: JSON.stringify(scopes),
        at: now.toISOString(),
        expiresAt: new Date(now.getTime() + APP_TOKEN_SECONDS * 1000).toISOString(),
      })
      const answer: TokenAnswer = { access_token: token, token_type: 'Bearer', expires_in: APP_TOKEN_SECONDS, scope: scopes.join(' ') }
      c.header('Pragma', 'no-cache')
      return c.json(answer)
    } catch (error) {
      if (error instanceof TokenRefusal) return answerRefusal(c, error)
      // Too many failed attempts: the throttle's 429, told the OAuth way.
      if (error instanceof ApiError && error.status === 429) {
        for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
        return c.json({ error: 'invalid_request', error_description: error.message, message: error.message } satisfies TokenError, 429)
      }
      throw error
    }
  })
}
