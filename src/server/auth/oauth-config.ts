import { PROVIDER_IDS, PROVIDER_NAMES, type ProviderId } from '../../contract/social'

/** What one provider needs; any part left out takes the provider's well-known default. */
export interface OAuthProviderOptions {
  clientId?: string
  clientSecret?: string
  authorizeUrl?: string
  tokenUrl?: string
  userinfoUrl?: string
  /** Space-separated scopes. */
  scopes?: string
}

export type OAuthOptions = Partial<Record<ProviderId, OAuthProviderOptions>>

/** How the client authenticates at the token endpoint: form fields, or HTTP Basic (X asks for it). */
export type TokenAuth = 'body' | 'basic'

export interface OAuthProvider {
  id: ProviderId
  name: string
  /** True when the client id and secret are set. */
  enabled: boolean
  clientId: string
  clientSecret: string
  authorizeUrl: string
  tokenUrl: string
  userinfoUrl: string
  scopes: string
  tokenAuth: TokenAuth
}

type Defaults = Required<Omit<OAuthProviderOptions, 'clientId' | 'clientSecret'>> & { tokenAuth: TokenAuth }

/** The real providers' endpoints and the scopes that give the e-mail address. */
export const PROVIDER_DEFAULTS: Readonly<Record<ProviderId, Defaults>> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: 'openid email profile',
    tokenAuth: 'body',
  },
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    scopes: 'read:user user:email',
    tokenAuth: 'body',
  },
  x: {
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me?user.fields=profile_image_url,confirmed_email',
    scopes: 'users.read tweet.read users.email',
    tokenAuth: 'basic',
  },
}

/** Every provider with its settings filled in, in the order of PROVIDER_IDS. */
export function resolveProviders(options: OAuthOptions = {}): OAuthProvider[] {
  return PROVIDER_IDS.map((id) => {
    const given = options[id] ?? {}
    const defaults = PROVIDER_DEFAULTS[id]
    const clientId = given.clientId?.trim() ?? ''
    const clientSecret = given.clientSecret?.trim() ?? ''
    return {
      id,
      name: PROVIDER_NAMES[id],
      enabled: clientId !== '' && clientSecret !== '',
      clientId,
      clientSecret,
      authorizeUrl: given.authorizeUrl || defaults.authorizeUrl,
      tokenUrl: given.tokenUrl || defaults.tokenUrl,
      userinfoUrl: given.userinfoUrl || defaults.userinfoUrl,
      scopes: given.scopes?.trim() || defaults.scopes,
      tokenAuth: defaults.tokenAuth,
    }
  })
}

type Env = Record<string, string | undefined>

/** `OAUTH_<NAME>_CLIENT_ID`, `_CLIENT_SECRET`, `_AUTHORIZE_URL`, `_TOKEN_URL`, `_USERINFO_URL`, `_SCOPES`. */
export function oauthFromEnv(env: Env): OAuthOptions {
  const read = (name: string) => env[name]?.trim() || undefined
  const options: OAuthOptions = {}
  for (const id of PROVIDER_IDS) {
    const prefix = `OAUTH_${id.toUpperCase()}_`
    const provider: OAuthProviderOptions = {
      clientId: read(`${prefix}CLIENT_ID`),
      clientSecret: read(`${prefix}CLIENT_SECRET`),
      authorizeUrl: read(`${prefix}AUTHORIZE_URL`),
      tokenUrl: read(`${prefix}TOKEN_URL`),
      userinfoUrl: read(`${prefix}USERINFO_URL`),
      scopes: read(`${prefix}SCOPES`),
    }
    for (const [key, value] of Object.entries(provider)) {
      if (value && key.endsWith('Url') && !/^https?:\/\//i.test(value)) {
        throw new Error(`${prefix}${key.replace(/Url$/, '_URL').toUpperCase()} must be an http(s) URL, got "${value}"`)
      }
    }
    if (Object.values(provider).some(Boolean)) options[id] = provider
  }
  return options
}
