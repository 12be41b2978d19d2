// The drift check: every request a test sends to a test server's API, and every answer it gets,
// is held against the server's own description (`GET /api/openapi.json`). A route, a status, an
// answer header or a field the description does not tell fails the test that met it, naming the
// route, the status and the field. `_server.ts` turns it on for every test server.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js'

type Json = Record<string, any>

interface Matched {
  path: string
  operation: Json
}

/** Answer headers the API adds itself; any of them an answer carries must be described for its status. */
const WATCHED_HEADERS = ['x-total-count', 'retry-after', 'idempotent-replayed', 'location']

const originalFetch = globalThis.fetch
const origins = new Set<string>()
let document: Promise<Json> | undefined
let ajv: Ajv2020 | undefined
const validators = new Map<string, ValidateFunction>()
let checkRequests = true
/** Every mismatch met in this process, printed and failing the process at exit even if a test swallowed it. */
const failures: string[] = []

/** The description, read once from the first test server with the fetch the check does not wrap. */
const describedBy = (origin: string) =>
  (document ??= originalFetch(`${origin}/api/openapi.json`).then(async (res) => {
    if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`)
    return (await res.json()) as Json
  }))

/** The validator of the schema at `pointer` in the description. */
function validatorAt(doc: Json, pointer: string): ValidateFunction {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false })
    ajv.addSchema(doc, 'openapi.json')
  }
  let validate = validators.get(pointer)
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi.json#${pointer}` })
    validators.set(pointer, validate)
  }
  return validate
}

const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1')

/** The description's paths split into segments (null for a parameter), by segment count, made once. */
let patterns: Map<number, { path: string; segments: (string | null)[]; params: number }[]> | undefined

/** The described path `pathname` (under `/api`) takes, preferring fixed segments over parameters. */
function matchPath(doc: Json, pathname: string): string | undefined {
  if (!patterns) {
    patterns = new Map()
    for (const path of Object.keys(doc.paths)) {
      const segments = path.split('/').map((segment) => (/^\{.+\}$/.test(segment) ? null : segment))
      const group = patterns.get(segments.length) ?? []
      group.push({ path, segments, params: segments.filter((segment) => segment === null).length })
      patterns.set(segments.length, group)
    }
  }
  const parts = (pathname.replace(/\/$/, '') || '/').split('/')
  let best: { path: string; params: number } | undefined
  for (const pattern of patterns.get(parts.length) ?? []) {
    const fits = pattern.segments.every((segment, index) => (segment === null ? parts[index] !== '' : segment === parts[index]))
    if (fits && (!best || pattern.params < best.params)) best = pattern
  }
  return best?.path
}

/** Answers of this test server's API are checked from now on. */
export function watchServer(origin: string) {
  origins.add(origin)
  if (globalThis.fetch === checkedFetch) return
  globalThis.fetch = checkedFetch
  process.on('exit', () => {
    if (!failures.length) return
    console.error(`\nThe API met ${failures.length} answer(s) or request(s) its description does not tell:\n${[...new Set(failures)].join('\n')}`)
    process.exitCode = 1
  })
}

/** Each mismatch with the description, in words; empty when the exchange is described. */
export async function mismatches(doc: Json, method: string, url: URL, requestBody: string | undefined, res: Response): Promise<string[]> {
  const pathname = url.pathname.slice('/api'.length)
  const status = res.status
  const path = matchPath(doc, pathname)
  const operation = path ? doc.paths[path]?.[method === 'HEAD' ? 'get' : method.toLowerCase()] : undefined
  const where = `${method} /api${path ?? pathname}`
  // Anything not described may only be refused: too big or too slow, a guarded prefix's 401 or 403 before its plain 404
  // (an unknown route or method), or a failure; an undescribed route that answers is a mismatch.
  if (!operation) return [401, 403, 404, 405, 408, 413, 431].includes(status) || status >= 500 ? [] : [`${where} ${status}: the route is not described`]
  const problems: string[] = []
  const method_ = method === 'HEAD' ? 'get' : method.toLowerCase()
  let answerPointer = `/paths/${escape(path!)}/${method_}/responses/${status}`
  let answer = operation.responses?.[String(status)]
  // A shared answer (`#/components/responses/…`) is read, and validated, where it is.
  if (typeof answer?.$ref === 'string') {
    answerPointer = answer.$ref.slice(1)
    answer = answerPointer.split('/').slice(1).reduce((node: Json | undefined, part: string) => node?.[part], doc)
  }
  if (!answer) return [`${where} ${status}: the status is not described (described: ${Object.keys(operation.responses ?? {}).join(', ')})`]
  const describedHeaders = new Set(Object.keys(answer.headers ?? {}).map((name) => name.toLowerCase()))
  for (const name of WATCHED_HEADERS) {
    if (res.headers.has(name) && !describedHeaders.has(name)) problems.push(`${where} ${status}: the header ${name} is not described`)
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim()
  const pointer = `/paths/${escape(path!)}/${method === 'HEAD' ? 'get' : method.toLowerCase()}`
  if (type === 'application/json' && method !== 'HEAD') {
    if (!answer.content?.['application/json']) problems.push(`${where} ${status}: a JSON body is not described`)
    else {
      const text = await res.clone().text()
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        problems.push(`${where} ${status}: the body is not JSON`)
      }
      const validate = validatorAt(doc, `${answerPointer}/content/application~1json/schema`)
      if (body !== undefined && !validate(body)) problems.push(...(validate.errors ?? []).map((error) => `${where} ${status}: answer${error.instancePath || ' body'} ${error.message}${describeParams(error.params)}`))
    }
  }
  if (status < 300 && checkRequests) {
    const described = new Set(((operation.parameters ?? []) as Json[]).filter((param) => param.in === 'query').map((param) => param.name))
    for (const name of new Set(url.searchParams.keys())) if (!described.has(name)) problems.push(`${where} ${status}: the query parameter ${name} is not described`)
    const bodyType = Object.keys(operation.requestBody?.content ?? {})[0]
    if (requestBody !== undefined && bodyType === 'application/json') {
      let sent: unknown
      try {
        sent = JSON.parse(requestBody)
      } catch {
        problems.push(`${where} ${status}: a request body that is not JSON was taken`)
      }
      const validate = validatorAt(doc, `${pointer}/requestBody/content/application~1json/schema`)
      if (sent !== undefined && !validate(sent)) problems.push(...(validate.errors ?? []).map((error) => `${where} ${status}: request${error.instancePath || ' body'} ${error.message}${describeParams(error.params)}`))
    } else if (requestBody && !bodyType) problems.push(`${where} ${status}: a request body is not described`)
  }
  return problems
}

const describeParams = (params: Record<string, unknown>) => {
  const named = params.additionalProperty ?? params.missingProperty ?? params.allowedValues
  return named === undefined ? '' : ` (${JSON.stringify(named)})`
}

/** The body of `init` as text, when it is text; other bodies are not read, and an empty one (`{}`, the helpers' default) is none. */
const textBody = (init?: RequestInit) => (typeof init?.body === 'string' && !/^\s*(\{\s*\})?\s*$/.test(init.body) ? init.body : undefined)

/** `fetch`, with each exchange with a watched test server's API held against the description. */
async function checkedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await originalFetch(input, init)
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
  if (!origins.has(url.origin) || !url.pathname.startsWith('/api/')) return res
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
  if (method === 'OPTIONS') return res
  const type = res.headers.get('content-type') ?? ''
  // A stream is never read here: only its status and headers are checked.
  const problems = await mismatches(await describedBy(url.origin), method, url, input instanceof Request ? undefined : textBody(init), type.startsWith('text/event-stream') ? withoutBody(res) : res)
  if (problems.length) {
    failures.push(...problems)
    throw new Error(`The API's answer is not as described:\n${problems.join('\n')}`)
  }
  return res
}

/** `res`'s status and headers alone. */
const withoutBody = (res: Response) => new Response(null, { status: res.status, headers: res.headers })

/**
 * The mismatches of an answer a test read off the wire itself (the fuzz tests' raw HTTP): its
 * status, type and body against the description. Its request, made to be malformed, is not checked.
 */
export async function answerMismatches(
  origin: string,
  method: string,
  target: string,
  answer: { status: number; type: string; text: string; retryAfter?: string },
): Promise<string[]> {
  let url: URL
  try {
    url = new URL(target, origin)
  } catch {
    return []
  }
  if (!url.pathname.startsWith('/api/')) return []
  const headers = new Headers({ 'content-type': answer.type })
  if (answer.retryAfter !== undefined) headers.set('retry-after', answer.retryAfter)
  const empty = answer.status === 204 || answer.status === 304 || !answer.text
  const res = new Response(empty ? null : answer.text, { status: answer.status, headers })
  const before = checkRequests
  checkRequests = false
  try {
    return await mismatches(await describedBy(origin), method.toUpperCase(), url, undefined, res)
  } finally {
    checkRequests = before
  }
}
