import http from 'node:http'
import zlib from 'node:zlib'
import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ADMIN, startTestServer } from './_server'

/** Routes that are not JSON, with the reason; every other route under /api is fuzzed. */
const EXCLUDED: Record<string, string> = {
  'GET /api/auth/:provider/start': 'redirects the browser to the provider (302), not a JSON answer',
  'GET /api/auth/:provider/callback': 'redirects the browser back to the console (302), not a JSON answer',
  'GET /api/events': 'a Server-Sent Events stream that stays open, not a JSON answer',
}
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
const RUNS = Number(process.env.FUZZ_RUNS || 100)
const SEED = Number(process.env.FUZZ_SEED || Date.now() % 2 ** 30)
const TIMEOUT_MS = 4000

const server = await startTestServer()
// Every route the app has, so a new one is fuzzed with no edit here.
const routes = [...new Set(server.app.routes.filter((r) => /^\/api(\/|$)/.test(r.path)).map((r) => `${r.method} ${r.path}`))]
const fuzzed = new Set<string>()
const statuses = new Map<number, number>()
let requests = 0

// What a header may carry at all; Node's client refuses anything else before sending.
const headerText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), maxLength })
const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))
const BAD_ESCAPES = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%00', '%FF', '%2e%2e%2F', '%2F', '..%5C', '+', '%20']
// The server resolves `.` and `..` segments, which would leave /api rather than reach a route.
const notDots = (part: string) => !/^(\.|%2e)+$/i.test(part)

const segment = fc.oneof(
  fc.constantFrom('google', 'github', 'x', 'GOOGLE', '0', '-1', '1e999', 'null', '__proto__', 'constructor', ...BAD_ESCAPES),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encode).filter(notDots),
  fc.integer({ min: 1, max: 4000 }).map((n) => 'a'.repeat(n)),
)

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.emailAddress(),
  fc.constantFrom(ADMIN.email, ' Admin@Example.COM ', '', ' ', '\0', 'a\0b@example.com', '\u202Egnp.exe@example.com', '\u2066x\u2069'),
  fc.constantFrom('\uD800', '\uDFFF', 'a\uDBFFb@example.com', '\uDC00\uD800'),
  fc.tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }), fc.integer({ min: 1000, max: 100_000 })).map(([s, n]) => s.repeat(n).slice(0, n)),
)
const key = fc.oneof(
  fc.constantFrom('email', 'password', 'name', 'token', 'code', 'remember', '__proto__', 'constructor', 'prototype', 'toString'),
  fc.string({ unit: 'binary', maxLength: 12 }),
)
const value = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 3 }), fc.array(text, { maxLength: 3 }))
const NESTINGS = [['[', ']'], ['{"a":', '}'], ['{"email":', '}'], ['{"__proto__":', '}'], ['[{"password":', '}]']] as const
const deep = fc
  .tuple(fc.constantFrom(...NESTINGS), fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1000, max: 10_000 })), fc.boolean())
  .map(([[open, close], depth, closed]) => open.repeat(depth) + '"x"' + (closed ? close.repeat(depth) : ''))

const body = fc.oneof(
  { arbitrary: fc.dictionary(key, value, { maxKeys: 6 }).map((fields) => JSON.stringify(fields)), weight: 3 },
  fc.jsonValue().map((json) => JSON.stringify(json)),
  { arbitrary: deep, weight: 2 },
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue().chain((json) => fc.nat().map((cut) => JSON.stringify(json).slice(0, cut))),
  fc.constantFrom('', 'null', '[]', '{}', '"x"', '1e999', '\uFEFF{}', '{"email":"a@b.cc","email":{"x":1}}', '{"__proto__":{"password":"x"},"email":"a@b.cc"}'),
  fc.constantFrom('{"constructor":{"prototype":{"admin":true}}}', '{"email":"a@b.cc","password":"\\ud800\\u0000\\u202e"}'),
  fc.uint8Array({ maxLength: 256 }),
  fc.constantFrom([0xed, 0xa0, 0x80], [0xff, 0xfe, 0x7b, 0x7d], [0xc0, 0xaf]).map((bytes) => Uint8Array.from(bytes)),
  fc.constant(undefined),
)

const queryPart = fc.oneof(
  fc.constantFrom('src', 'next', 'state', 'code', 'error', '__proto__', 'a[b]', '[]', '&', '=', '%26', '%3D', ...BAD_ESCAPES),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encode),
  fc.string({ maxLength: 30 }).map((ascii) => ascii.replace(/ /g, '%20')),
)
const query = fc.oneof(
  fc.array(fc.tuple(queryPart, fc.option(queryPart)), { maxLength: 8 }).map((pairs) => pairs.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&')),
  fc.tuple(queryPart, queryPart, fc.integer({ min: 2, max: 60 })).map(([k, v, n]) => Array(n).fill(`${k}=${v}`).join('&')),
)

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'APPLICATION/JSON']
const OTHER_TYPES = ['application/problem+json', ' application/json', 'application/json, text/plain', 'application/json;;;=', 'text/plain', '*/*', '']
const FORM_TYPES = ['multipart/form-data; boundary=--x', 'multipart/form-data', 'application/x-www-form-urlencoded']
const ENCODINGS = ['gzip', 'br', 'deflate', 'zstd', 'identity;q=0, *;q=0', 'br;q=9, gzip;q=-1', 'gzip, gzip, gzip']
const FORWARDED = ['::1', '::ffff:127.0.0.1', 'fe80::1%eth0', '999.999.999.999', 'unknown', ',,,', ` ${'1.2.3.4, '.repeat(300)}`]
const BAD_AUTH = ['Bearer', 'Bearer  ', 'Basic YWJjOmRlZg==', 'Bearer a b', `Bearer ${'x'.repeat(4000)}`]

const headers = fc.record({
  authorization: fc.oneof(
    { arbitrary: fc.constant('live'), weight: 3 },
    fc.constantFrom('none', 'revoked', ...BAD_AUTH),
    fc.oneof(headerText(200), headerText(200).map((t) => `Bearer ${t}`)),
  ),
  'content-type': fc.option(
    fc.oneof({ arbitrary: fc.constantFrom(...JSON_TYPES), weight: 4 }, fc.constantFrom(...OTHER_TYPES, ...FORM_TYPES), headerText(100)),
  ),
  'accept-encoding': fc.option(fc.oneof(fc.constantFrom(...ENCODINGS), headerText(100))),
  'x-forwarded-for': fc.option(
    fc.oneof(fc.constantFrom(...FORWARDED), fc.array(fc.oneof(fc.ipV4(), fc.ipV6()), { minLength: 1, maxLength: 20 }).map((ips) => ips.join(', ')), headerText(200)),
  ),
})

/** Prints a request with long repeats folded, so a shrunk counterexample stays readable. */
const foldOnce = (json: string) => json.replace(/(.{1,64}?)\1{4,}/gs, (run, unit: string) => `‹${unit}›×${run.length / unit.length}`)
const fold = (json: string) => foldOnce(foldOnce(json))
const printable = <T extends object>(request: T) =>
  Object.assign(request, { [fc.toStringMethod]: () => fold(JSON.stringify(request, (_, v: unknown) => (v instanceof Uint8Array ? [...v] : v))) })

/** The route's path with random and hostile values for its `:params` and `*`. */
const segments = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'))
const partOf = (part: string) => (part.startsWith(':') ? segment : part === '*' ? segments : fc.constant(part))
const pathOf = (route: string) => fc.tuple(...route.split('/').map(partOf)).map((parts) => parts.join('/'))

const request = (method: string, path: string) =>
  fc
    .record({
      method: method === 'ALL' ? fc.constantFrom(...METHODS) : fc.constant(method),
      path: pathOf(path),
      query,
      body,
      chunked: fc.boolean(),
      headers,
    })
    .map(printable)
type Request = ReturnType<typeof request> extends fc.Arbitrary<infer R> ? R : never
type Outgoing = Pick<Request, 'method' | 'path' | 'query' | 'body' | 'chunked'> & { headers: http.OutgoingHttpHeaders }
type Answer = { status: number; type: string; text: string; retryAfter?: string }
const DECODERS: Record<string, (raw: Buffer) => Buffer> = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync, deflate: zlib.inflateSync }

/** One request over `agent`, raw as given; rejects on a broken connection or after TIMEOUT_MS. */
const send = (agent: http.Agent, { method, path, query, body, chunked, headers }: Outgoing) =>
  new Promise<Answer>((resolve, reject) => {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body
    // Framed explicitly: Node's client sends a GET body with neither length nor chunks otherwise.
    const framing = !bytes ? {} : chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': bytes.length }
    const target = { host: '127.0.0.1', port: server.port, path: query ? `${path}?${query}` : path, headers: { ...headers, ...framing } }
    const req = http.request({ ...target, method, agent, signal: AbortSignal.timeout(TIMEOUT_MS) }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('error', reject)
      res.on('close', () => res.complete || reject(new Error('the answer was cut off')))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        const text = (DECODERS[res.headers['content-encoding'] ?? '']?.(raw) ?? raw).toString()
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', text, retryAfter: res.headers['retry-after'] })
      })
    })
    req.on('error', reject)
    if (chunked && bytes) req.write(bytes)
    req.end(chunked ? undefined : bytes)
  })

async function signIn(): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await server.post('/login/users/', ADMIN)
    const answer = (await res.json()) as { user?: { auth_key: string } }
    if (answer.user) return answer.user.auth_key
    server.advance(Number(res.headers.get('Retry-After') || 60) * 1000 + 1000)
  }
  throw new Error('the fuzz could not sign in')
}
const revoked = await signIn()
await server.post('/logout', {}, revoked)
let live = await signIn()

/** The live token, signed in again when a fuzzed sign-out or the moved clock ended it. */
async function liveToken() {
  const res = await server.get('/users/self', live)
  await res.body?.cancel()
  if (res.status === 401) live = await signIn()
  return live
}

/** Sends the fuzzed request, then a plain one on the same connection, which must still answer. */
async function exchange({ headers: { authorization, ...rest }, ...input }: Request) {
  const headers: http.OutgoingHttpHeaders = Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string] => entry[1] !== null))
  if (authorization === 'live' || authorization === 'revoked') headers.authorization = `Bearer ${authorization === 'live' ? await liveToken() : revoked}`
  else if (authorization !== 'none') headers.authorization = authorization
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    requests++
    const answer = await send(agent, { ...input, headers })
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
    // Throttled: wait as told, on the server's clock, so the next runs get past the throttle.
    if (answer.status === 429) server.advance(Number(answer.retryAfter || 60) * 1000 + 1000)
    const next = { method: 'GET', path: '/api/fuzz-next', query: '', body: undefined, chunked: false, headers: {} }
    await send(agent, next).catch((error: Error) => assert.unreachable(`the connection broke after this request: ${error.message}`))
    return answer
  } finally {
    agent.destroy()
  }
}

function checkAnswer({ status, type, text }: Answer) {
  assert.ok(status < 500, `answered ${status}: ${text.slice(0, 300)} (server log: ${server.logs.at(-1)?.slice(0, 300)})`)
  if (status >= 200 && status < 300 && !text) return
  assert.match(type, /^application\/json\b/, `answered ${status} as ${type || 'no type'}: ${text.slice(0, 300)}`)
  const parsed: unknown = JSON.parse(text)
  if (status >= 300) assert.type((parsed as { message?: unknown } | null)?.message, 'string', `answered ${status} without a message: ${text.slice(0, 300)}`)
}

for (const [index, route] of routes.filter((r) => !(r in EXCLUDED)).entries()) {
  const [method = '', path = ''] = route.split(' ')
  if (!['ALL', ...METHODS].includes(method)) continue
  test(`${route} answers JSON without a 5xx or a hang`, async () => {
    fuzzed.add(route)
    const property = fc.asyncProperty(request(method, path), async (input) => checkAnswer(await exchange(input)))
    const plugins = [fc.interruptAfterTimeLimit(8_000)]
    // A seed per route, so each sees other inputs; FUZZ_SEED replays them all.
    await fc.assert(property, { numRuns: RUNS, seed: SEED + index, includeErrorInReport: true, plugins })
  })
}

test('fuzzes every API route but the listed exclusions, and lists no stale one', () => {
  assert.equal(routes.filter((r) => !fuzzed.has(r) && !(r in EXCLUDED)), [], 'routes neither fuzzed nor excluded')
  assert.equal(Object.keys(EXCLUDED).filter((r) => !routes.includes(r)), [], 'exclusions of routes that no longer exist')
})

test.after(async () => {
  const seen = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}x${count}`)
  const counts = `${fuzzed.size} routes, ${RUNS} runs each, ${requests} requests (each followed by one on its connection)`
  console.log(`fuzz: ${counts}, statuses ${seen.join(' ')}, FUZZ_SEED=${SEED}`)
  await server.close()
})

test.run()
