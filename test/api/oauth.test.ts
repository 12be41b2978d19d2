import { createHash } from 'node:crypto'
import { OAuth2Server } from 'oauth2-mock-server'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { accountOf, rolesNamed, userRow } from '../fixtures'
import { RIGHTS } from '../../src/contract/rights'
import { resolveProviders } from '../../src/server/auth/oauth-config'
import { optionsFromEnv } from '../../src/server/config'
import type { Provider } from '../../src/contract/social'
import type { AuthAnswer, User } from '../../src/contract/user'
import { ADMIN, signIn, startTestServer, type TestServer } from './_server'

let provider: OAuth2Server
let server: TestServer

const CLIENT = { clientId: 'console-client', clientSecret: 'console-secret' }

test.before(async () => {
  provider = new OAuth2Server()
  await provider.issuer.keys.generate('RS256')
  await provider.start(0, '127.0.0.1')
  const issuer = provider.issuer.url ?? ''
  server = await startTestServer({
    oauth: {
      google: { ...CLIENT, authorizeUrl: `${issuer}/authorize`, tokenUrl: `${issuer}/token`, userinfoUrl: `${issuer}/userinfo` },
    },
  })
})

test.after(async () => {
  await server.close()
  await provider.stop()
})

interface Person {
  sub: string
  email?: string
  name?: string
  email_verified?: boolean
}

let people = 0
/** A provider account nobody has used yet. */
const newPerson = (overrides: Partial<Person> = {}): Person => {
  people += 1
  return { sub: `person-${people}`, email: `person-${people}@social.test`, name: `Person ${people}`, email_verified: true, ...overrides }
}

/** The next user-info answer of the provider is this person. */
const providerSays = (person: Person) =>
  provider.service.once('beforeUserinfo', (answer) => {
    answer.body = { ...person }
  })

const get = (url: string, cookie?: string) => fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} })

const location = (res: Response) => {
  const value = res.headers.get('location')
  if (!value) throw new Error(`expected a redirect, got ${res.status}`)
  return new URL(value, server.url)
}

/** `start` for the provider: the authorize address and the cookie the browser would keep. */
async function start(next = '/app/devices', id = 'google') {
  const res = await get(`${server.url}/api/auth/${id}/start?next=${encodeURIComponent(next)}`)
  assert.is(res.status, 302)
  const cookie = res.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
  return { authorize: location(res), cookie, setCookie: res.headers.getSetCookie() }
}

/** start -> the provider's authorize endpoint -> the address it sends the browser back to. */
async function toCallback(next?: string) {
  const { authorize, cookie } = await start(next)
  const res = await get(authorize.href)
  assert.is(res.status, 302)
  return { callback: location(res), cookie, authorize }
}

/** The whole provider flow for `person`: where the console receives the browser. */
async function flow(person: Person, next?: string) {
  const { callback, cookie } = await toCallback(next)
  providerSays(person)
  return location(await get(callback.href, cookie))
}

const exchange = (code: string | null) => server.post('/auth/exchange', { code })

const errorOf = (landing: URL) => [landing.pathname, landing.searchParams.get('error')]

test('lists Google enabled and GitHub and X disabled with the reason', async () => {
  const res = await server.get('/auth/providers')
  assert.is(res.status, 200)
  assert.equal((await res.json()) as Provider[], [
    { id: 'google', name: 'Google', enabled: true },
    { id: 'github', name: 'GitHub', enabled: false, reason: 'Not configured on this server' },
    { id: 'x', name: 'X', enabled: false, reason: 'Not configured on this server' },
  ])
})

test('starts with a redirect to the authorize endpoint carrying state and an S256 challenge', async () => {
  const { authorize, setCookie } = await start('/app/devices')
  const query = Object.fromEntries(authorize.searchParams)
  assert.is(authorize.origin + authorize.pathname, `${provider.issuer.url}/authorize`)
  assert.equal(Object.keys(query).sort(), [
    'client_id',
    'code_challenge',
    'code_challenge_method',
    'redirect_uri',
    'response_type',
    'scope',
    'state',
  ])
  assert.is(query.response_type, 'code')
  assert.is(query.client_id, CLIENT.clientId)
  assert.is(query.redirect_uri, `${server.url}/api/auth/google/callback`)
  assert.is(query.scope, 'openid email profile')
  assert.is(query.code_challenge_method, 'S256')
  assert.match(query.state ?? '', /^[\w-]{43}$/)
  assert.match(query.code_challenge ?? '', /^[\w-]{43}$/)
  assert.match(setCookie.join('\n'), /^console_oauth=[\w-]{43}; Max-Age=600; Path=\/api\/auth; HttpOnly; SameSite=Lax$/m)
})

test('runs the whole flow: a new person gets an account of their own and a working token', async () => {
  const person = newPerson({ name: 'Ada Lovelace' })
  const verifiers: unknown[] = []
  const record = (_token: unknown, req: { body: { code_verifier?: string } }) => verifiers.push(req.body.code_verifier)
  provider.service.on('beforeTokenSigning', record)
  const { callback, cookie, authorize } = await toCallback('/app/devices')
  providerSays(person)
  const landing = location(await get(callback.href, cookie))
  provider.service.off('beforeTokenSigning', record)

  // PKCE: the token request carried the verifier whose SHA-256 is the challenge sent to authorize.
  const verifier = verifiers[0] as string
  assert.ok(verifiers.length > 0 && verifiers.every((seen) => seen === verifier))
  assert.is(createHash('sha256').update(verifier).digest('base64url'), authorize.searchParams.get('code_challenge'))

  assert.is(landing.pathname, '/login-firebase')
  assert.is(landing.searchParams.get('next'), '/app/devices')
  const code = landing.searchParams.get('code')
  assert.match(code ?? '', /^[\w-]{43}$/)

  const res = await exchange(code)
  assert.is(res.status, 200)
  const answer = (await res.json()) as AuthAnswer
  assert.is(answer.message, 'Account created')
  assert.is(answer.user.email, person.email)
  assert.is(answer.user.name, 'Ada Lovelace')

  const self = await server.get('/users/self', answer.user.auth_key)
  assert.is(self.status, 200)
  const user = (await self.json()) as User
  assert.is(user.id, answer.user.id)
  assert.equal(user.rights, [...RIGHTS])
  assert.is(user.organization.name, "Ada Lovelace's organization")
})

/** The flow and the exchange: the answer of `POST /auth/exchange`. */
async function signInAs(person: Person) {
  const landing = await flow(person)
  const res = await exchange(landing.searchParams.get('code'))
  assert.is(res.status, 200, `exchange after ${landing.href}`)
  return (await res.json()) as AuthAnswer
}

test('signs the same provider account in as the same user next time, whatever its address now', async () => {
  const person = newPerson()
  const first = await signInAs(person)
  const again = await signInAs({ ...person, email: 'changed@social.test' })
  assert.is(again.message, 'Signed in')
  assert.is(again.user.id, first.user.id)
  assert.is(again.user.email, person.email)
})

test('links an existing account when the provider has verified its address', async () => {
  const answer = await signInAs(newPerson({ email: ADMIN.email.toUpperCase(), email_verified: true }))
  assert.is(answer.message, 'Signed in')
  assert.is(answer.user.email, ADMIN.email)
  assert.is(answer.user.organization.name, 'Default organization')
})

test('makes an address that was only invited its owner\'s, who signs in with the provider as with a password', async () => {
  const admin = await signIn(server)
  const email = `invited-${process.pid}@social.test`
  const viewer = (await rolesNamed(server, 'Viewer'))[0]!
  const invited = await fetch(`${server.url}/api/users/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
    body: JSON.stringify({ email, roles: [viewer] }),
  })
  assert.is(invited.status, 201)
  const placeholder = await accountOf(server, email)
  assert.is(placeholder?.status, 'invited')
  const answer = await signInAs(newPerson({ email, name: 'Grace Hopper', email_verified: true }))
  assert.is(answer.message, 'Account created')
  assert.is(answer.user.id, placeholder!.id)
  assert.is(answer.user.organization.name, "Grace Hopper's organization")
  assert.is((await userRow(server, placeholder!.id))?.status, 'active')
})

test('refuses to link an existing account when the address is not verified', async () => {
  for (const verified of [false, undefined]) {
    const landing = await flow(newPerson({ email: ADMIN.email, email_verified: verified }))
    assert.equal(errorOf(landing), ['/login-firebase', 'auth.social.errors.unverified'])
    assert.is(landing.searchParams.get('code'), null)
  }
})

test('refuses a provider account without an e-mail address', async () => {
  const landing = await flow(newPerson({ email: undefined }))
  assert.equal(errorOf(landing), ['/login-firebase', 'auth.social.errors.noEmail'])
})

test('refuses a state used twice', async () => {
  const { callback, cookie } = await toCallback()
  providerSays(newPerson())
  assert.is(location(await get(callback.href, cookie)).searchParams.has('code'), true)
  assert.equal(errorOf(location(await get(callback.href, cookie))), ['/login-firebase', 'auth.social.errors.state'])
})

test('refuses a wrong, missing or expired state', async () => {
  const { callback, cookie } = await toCallback()
  const wrong = new URL(callback)
  wrong.searchParams.set('state', 'not-the-state')
  assert.equal(errorOf(location(await get(wrong.href, cookie))), ['/login-firebase', 'auth.social.errors.state'])
  const missing = new URL(callback)
  missing.searchParams.delete('state')
  assert.equal(errorOf(location(await get(missing.href, cookie))), ['/login-firebase', 'auth.social.errors.state'])

  const late = await toCallback()
  server.advance(10 * 60_000 + 1000)
  assert.equal(errorOf(location(await get(late.callback.href, late.cookie))), ['/login-firebase', 'auth.social.errors.state'])
})

test('refuses a callback in a browser that did not start the flow', async () => {
  const lured = await toCallback()
  assert.equal(errorOf(location(await get(lured.callback.href))), ['/login-firebase', 'auth.social.errors.state'])
  const other = await start()
  const second = await toCallback()
  assert.equal(errorOf(location(await get(second.callback.href, other.cookie))), ['/login-firebase', 'auth.social.errors.state'])
})

test('reports a provider that refused, and one whose token endpoint fails', async () => {
  const { authorize, cookie } = await start()
  const denied = new URL(`${server.url}/api/auth/google/callback`)
  denied.searchParams.set('error', 'access_denied')
  denied.searchParams.set('state', authorize.searchParams.get('state') ?? '')
  assert.equal(errorOf(location(await get(denied.href, cookie))), ['/login-firebase', 'auth.social.errors.denied'])

  const { callback, cookie: second } = await toCallback()
  provider.service.once('beforeResponse', (answer) => {
    answer.statusCode = 400
    answer.body = { error: 'invalid_grant' }
  })
  const logged = server.logs.length
  assert.equal(errorOf(location(await get(callback.href, second))), ['/login-firebase', 'auth.social.errors.provider'])
  assert.match(server.logs.slice(logged).join('\n'), /Sign-in with Google failed/)
})

test('takes a one-time code once, and not after 60 seconds', async () => {
  const used = (await flow(newPerson())).searchParams.get('code')
  assert.is((await exchange(used)).status, 200)
  const again = await exchange(used)
  assert.is(again.status, 400)
  assert.equal(await again.json(), { message: 'This sign-in link has expired.' })

  const late = (await flow(newPerson())).searchParams.get('code')
  server.advance(61_000)
  assert.is((await exchange(late)).status, 400)
  assert.is((await exchange('made-up-code')).status, 400)
  assert.is((await exchange('')).status, 400)
})

test('answers 404 to a provider that is disabled or unknown', async () => {
  for (const id of ['github', 'x', 'facebook']) {
    for (const step of ['start', 'callback']) {
      const res = await get(`${server.url}/api/auth/${id}/${step}?next=/app`)
      assert.is(res.status, 404, `${id} ${step}`)
      assert.equal(await res.json(), { message: 'Not configured on this server' })
    }
  }
})

test('never lets next leave the site', async () => {
  for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/app/..//evil.example']) {
    const { callback, cookie } = await toCallback(next)
    providerSays(newPerson())
    assert.is(location(await get(callback.href, cookie)).searchParams.get('next'), '/app', next)
  }
})

test('reads the providers from the environment, with the real endpoints as defaults', () => {
  const { oauth } = optionsFromEnv({
    OAUTH_GITHUB_CLIENT_ID: 'gh-id',
    OAUTH_GITHUB_CLIENT_SECRET: 'gh-secret',
    OAUTH_X_CLIENT_ID: 'x-id',
    OAUTH_GOOGLE_TOKEN_URL: 'https://idp.example/token',
    OAUTH_GOOGLE_SCOPES: 'openid email',
  })
  const providers = resolveProviders(oauth)
  assert.equal(
    providers.map(({ id, enabled, tokenUrl, scopes }) => [id, enabled, tokenUrl, scopes]),
    [
      ['google', false, 'https://idp.example/token', 'openid email'],
      ['github', true, 'https://github.com/login/oauth/access_token', 'read:user user:email'],
      ['x', false, 'https://api.x.com/2/oauth2/token', 'users.read tweet.read users.email'],
    ],
  )
  assert.is(providers[1]?.authorizeUrl, 'https://github.com/login/oauth/authorize')
  assert.throws(() => optionsFromEnv({ OAUTH_X_AUTHORIZE_URL: 'javascript:alert(1)' }), /OAUTH_X_AUTHORIZE_URL must be an http\(s\) URL/)
})

test.run()
