import fc from 'fast-check'
import { ADMIN } from './_server'

// What the fuzz sends: each kind of body and query is its own generator, so a run can send every
// route every kind (`BODIES`, `QUERIES`) rather than hope a random mix reaches them all.

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
/** Keys that, holding no function, leave an object without text (`${value}` throws) or shadow what code expects of every object. */
export const HOSTILE_KEYS = ['toString', 'valueOf', 'toJSON', 'constructor', '__proto__', 'hasOwnProperty']
/** Fields the contract's bodies have, so hostile values land where a route validates. */
const FIELDS = ['email', 'password', 'name', 'token', 'code', 'roles', 'rights', 'tags', 'scopes', 'redirect_uris', 'metrics', 'status', 'version', 'plan', 'id', '']

// What a header may carry at all; Node's client refuses anything else before sending.
const headerText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((c) => c !== 0x7f).map((c) => String.fromCharCode(c)), maxLength })
const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))
const BAD_ESCAPES = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%00', '%FF', '%2e%2e%2F', '%2F', '..%5C', '+', '%20']
// The server resolves `.` and `..` segments, which would leave /api rather than reach a route.
const notDots = (part: string) => !/^(\.|%2e)+$/i.test(part)

const segment = fc.oneof(
  fc.constantFrom('google', 'github', 'x', 'GOOGLE', '0', '-1', '1e999', 'null', ...HOSTILE_KEYS, ...BAD_ESCAPES),
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

const json = (value: unknown) => JSON.stringify(value)
const objectText = (entries: (readonly [string, string])[]) => `{${entries.map(([key, value]) => `${json(key)}:${value}`).join(',')}}`
const nonFunction = fc.oneof(fc.constantFrom('0', '""', 'null', 'true', '[]', '{}', '"function"', '1e308'), fc.string({ maxLength: 6 }).map(json))
/** `{"toString":0}` and its kin, with maybe an ordinary field beside them. */
const hostileObject = fc
  .tuple(
    fc.uniqueArray(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), nonFunction), { minLength: 1, maxLength: 4, selector: ([key]) => key }),
    fc.array(fc.tuple(fc.constantFrom(...FIELDS), fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.emailAddress()).map(json)), { maxLength: 2 }),
  )
  .map(([hostile, plain]) => objectText([...plain, ...hostile]))
const wrapper = fc.oneof(
  fc.constantFrom(...FIELDS, ...HOSTILE_KEYS).map((key) => (inner: string) => objectText([[key, inner]])),
  fc.constant((inner: string) => `[${inner}]`),
  fc.constant((inner: string) => `[1,${inner},"x"]`),
)
/** A hostile object at any depth: the body itself, a field's value, an array's item, or deeper. */
const hostile = fc.tuple(hostileObject, fc.array(wrapper, { maxLength: 8 })).map(([core, wraps]) => wraps.reduce((inner, wrap) => wrap(inner), core))

const key = fc.oneof(fc.constantFrom(...FIELDS, ...HOSTILE_KEYS, 'remember', 'prototype'), fc.string({ unit: 'binary', maxLength: 12 }))
const value = fc.oneof(
  text,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(text, { maxLength: 3 }),
  hostileObject.map((body) => JSON.parse(body) as unknown),
)
const NESTINGS = [['[', ']'], ['{"a":', '}'], ['{"email":', '}'], ['{"__proto__":', '}'], ['[{"password":', '}]']] as const
const deep = fc
  .tuple(fc.constantFrom(...NESTINGS), fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1000, max: 10_000 })), fc.boolean())
  .map(([[open, close], depth, closed]) => open.repeat(depth) + '"x"' + (closed ? close.repeat(depth) : ''))

/** Each kind of body; every route is sent each of them. */
export const BODIES = {
  fields: fc.dictionary(key, value, { maxKeys: 6 }).map((fields) => JSON.stringify(fields)),
  json: fc.jsonValue().map((value) => JSON.stringify(value)),
  deep,
  hostile,
  text: fc.string({ unit: 'binary', maxLength: 200 }),
  cut: fc.jsonValue().chain((value) => fc.nat().map((cut) => JSON.stringify(value).slice(0, cut))),
  known: fc.constantFrom(
    '',
    'null',
    '[]',
    '{}',
    '"x"',
    '1e999',
    '\uFEFF{}',
    '{"email":"a@b.cc","email":{"x":1}}',
    '{"__proto__":{"password":"x"},"email":"a@b.cc"}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"email":"a@b.cc","password":"\\ud800\\u0000\\u202e"}',
    // What FUZZ_SEED=247601859 and 248204988 found once: 500s when superstruct printed them.
    '{"":{"toString":0}}',
    '[{"toString":""}]',
  ),
  bytes: fc.oneof(fc.uint8Array({ maxLength: 256 }), fc.constantFrom([0xed, 0xa0, 0x80], [0xff, 0xfe, 0x7b, 0x7d], [0xc0, 0xaf]).map((bytes) => Uint8Array.from(bytes))),
  none: fc.constant(undefined),
} satisfies Record<string, fc.Arbitrary<string | Uint8Array | undefined>>
export type BodyKind = keyof typeof BODIES

const queryPart = fc.oneof(
  fc.constantFrom('src', 'next', 'state', 'code', 'error', 'a[b]', '[]', '&', '=', '%26', '%3D', ...BAD_ESCAPES),
  fc.string({ unit: 'binary', maxLength: 30 }).map(encode),
  fc.string({ maxLength: 30 }).map((ascii) => ascii.replace(/ /g, '%20')),
)
const QUERY_NAMES = [
  ...['q', 'sort', 'order', 'page', 'per_page', 'status', 'role', 'range', 'collection', 'record_id', 'src', 'v', 'format', 'from', 'to'],
  // The lists' filters, declared and not, each once per value.
  ...['filter[status]', 'filter[tag]', 'filter[last_seen_before]', 'filter[expiry]', 'filter[scope]', 'filter[role]', 'filter[nope]', 'filter[]', 'filter[status'],
]
const hostileName = fc.constantFrom(...HOSTILE_KEYS).chain((name) => fc.constantFrom(name, `${name}[]`, `a[${name}]`, `${name}[${name}]`, encode(name)))
const repeat = (pairs: [string, string | null, number][]) =>
  pairs.flatMap(([name, value, times]) => Array<string>(times).fill(value === null ? name : `${name}=${value}`)).join('&')

/** Each kind of query string; every route is sent each of them. */
export const QUERIES = {
  pairs: fc.array(fc.tuple(queryPart, fc.option(queryPart)), { maxLength: 8 }).map((pairs) => pairs.map(([k, v]) => (v === null ? k : `${k}=${v}`)).join('&')),
  repeated: fc.tuple(fc.oneof(queryPart, fc.constantFrom(...QUERY_NAMES)), queryPart, fc.integer({ min: 2, max: 60 })).map(([k, v, n]) => repeat([[k, v, n]])),
  hostile: fc
    .array(fc.tuple(fc.oneof(hostileName, fc.constantFrom(...QUERY_NAMES)), fc.option(fc.oneof(queryPart, hostileObject.map(encode))), fc.integer({ min: 1, max: 4 })), {
      minLength: 1,
      maxLength: 6,
    })
    .map(repeat),
} satisfies Record<string, fc.Arbitrary<string>>
export type QueryKind = keyof typeof QUERIES

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'APPLICATION/JSON']
const OTHER_TYPES = ['application/problem+json', ' application/json', 'application/json, text/plain', 'application/json;;;=', 'text/plain', '*/*', '']
const FORM_TYPES = ['multipart/form-data; boundary=--x', 'multipart/form-data', 'application/x-www-form-urlencoded']
const ENCODINGS = ['gzip', 'br', 'deflate', 'zstd', 'identity;q=0, *;q=0', 'br;q=9, gzip;q=-1', 'gzip, gzip, gzip']
const FORWARDED = ['::1', '::ffff:127.0.0.1', 'fe80::1%eth0', '999.999.999.999', 'unknown', ',,,', ` ${'1.2.3.4, '.repeat(300)}`]
const BAD_AUTH = ['Bearer', 'Bearer  ', 'Basic YWJjOmRlZg==', 'Bearer a b', `Bearer ${'x'.repeat(4000)}`]

const randomHeaders = fc.record({
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
/** Half the requests are signed in and typed as JSON, so their bodies reach validation. */
const headers = fc.oneof(
  randomHeaders,
  fc.constant({ authorization: 'live', 'content-type': 'application/json' as string | null, 'accept-encoding': null as string | null, 'x-forwarded-for': null as string | null }),
)

/** Prints a request with long repeats folded, so a shrunk counterexample stays readable. */
const foldOnce = (text: string) => text.replace(/(.{1,64}?)\1{4,}/gs, (run, unit: string) => `‹${unit}›×${run.length / unit.length}`)
const fold = (text: string) => foldOnce(foldOnce(text))
const printable = <T extends object>(request: T) =>
  Object.assign(request, { [fc.toStringMethod]: () => fold(JSON.stringify(request, (_, v: unknown) => (v instanceof Uint8Array ? [...v] : v))) })

/** The route's path with random and hostile values for its `:params` and `*`. */
const segments = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'))
const partOf = (part: string) => (part.startsWith(':') ? segment : part === '*' ? segments : fc.constant(part))
const pathOf = (route: string) => fc.tuple(...route.split('/').map(partOf)).map((parts) => parts.join('/'))

/** A request to `method path` with a body of `bodyKind` and a query of `queryKind`. */
export const request = (method: string, path: string, bodyKind: BodyKind, queryKind: QueryKind) =>
  fc
    .record({
      method: method === 'ALL' ? fc.constantFrom(...METHODS) : fc.constant(method),
      path: pathOf(path),
      query: QUERIES[queryKind],
      body: BODIES[bodyKind],
      chunked: fc.boolean(),
      headers,
    })
    .map(printable)
export type FuzzRequest = ReturnType<typeof request> extends fc.Arbitrary<infer R> ? R : never

/** What a caller pass sends: the route's documented example (its rules reached, no query) or random fields and query. */
export const CALLER_BODIES = ['example', 'fields'] as const
export type CallerBody = (typeof CALLER_BODIES)[number]

/** A request to `method path` as `caller` (`caller:session`, …), typed as JSON, with a body of `bodyKind`. */
export const callerRequest = (method: string, path: string, caller: string, bodyKind: CallerBody, example = '{}') =>
  fc
    .record({
      method: method === 'ALL' ? fc.constantFrom(...METHODS) : fc.constant(method),
      path: pathOf(path),
      query: bodyKind === 'example' ? fc.constant('') : QUERIES.pairs,
      body: bodyKind === 'example' ? fc.constant(example) : BODIES.fields,
      chunked: fc.constant(false),
      headers: fc.constant({ authorization: `caller:${caller}`, 'content-type': 'application/json' as string | null, 'accept-encoding': null as string | null, 'x-forwarded-for': null as string | null }),
    })
    .map(printable)
