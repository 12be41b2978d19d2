import http from 'node:http'
import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CALLERS, callerTokens, describedRoute, documentedExamples, type Caller } from './_fuzz-callers'
import { BODIES, CALLER_BODIES, METHODS, QUERIES, callerRequest, request, type BodyKind, type FuzzRequest, type QueryKind } from './_fuzz-inputs'
import { checkAnswer, send, type Answer } from './_fuzz-wire'
import { answerMismatches } from './_openapi'
import { ADMIN, startTestServer } from './_server'

/** Routes that are not JSON, with the reason; every other route under /api is fuzzed. */
const EXCLUDED: Record<string, string> = {
  'GET /api/auth/:provider/start': 'redirects the browser to the provider (302), not a JSON answer',
  'GET /api/auth/:provider/callback': 'redirects the browser back to the console (302), not a JSON answer',
  'GET /api/events': 'a Server-Sent Events stream that stays open, not a JSON answer',
  'GET /api/alert-mail': 'the page a mailed confirmation link opens in a browser (HTML), not a JSON answer',
  'POST /api/alert-mail': 'the form of that page, answered with a page (HTML), not a JSON answer',
}
/** `npm test` runs these; FUZZ_SEED runs one other (`npm run fuzz` draws a new one each round). */
const CI_SEEDS = [247601859, 248204988, 1405]
const env = process.env
const SEEDS = env.FUZZ_SEED ? [Number(env.FUZZ_SEED)] : CI_SEEDS
/** Runs of each pass: one route, one kind of body, one kind of query, one seed. */
const RUNS = Number(env.FUZZ_RUNS || 1)
// FUZZ_ONLY ('POST /api/roles'), FUZZ_BODY, FUZZ_QUERY, FUZZ_CALLER and FUZZ_PATH narrow a run to replay a failure.
const BODY_KINDS = (Object.keys(BODIES) as BodyKind[]).filter((kind) => !env.FUZZ_CALLER && (!env.FUZZ_BODY || kind === env.FUZZ_BODY))
const QUERY_KINDS = (Object.keys(QUERIES) as QueryKind[]).filter((kind) => !env.FUZZ_QUERY || kind === env.FUZZ_QUERY)
// The caller passes: each route sent by every kind of caller, with its documented example and with random fields.
const CALLER_KINDS = CALLERS.filter((caller) => !env.FUZZ_QUERY && (!env.FUZZ_CALLER || caller === env.FUZZ_CALLER))
const CALLER_BODY_KINDS = CALLER_BODIES.filter((kind) => !env.FUZZ_BODY || kind === env.FUZZ_BODY)
const narrowed = Boolean(env.FUZZ_ONLY || env.FUZZ_BODY || env.FUZZ_QUERY || env.FUZZ_CALLER)

/**
 * The fuzz of every API route, in parts run as files side by side: `bodies` sends each route every
 * kind of body and query as a signed-in user; `callers` sends it as every kind of caller, with its
 * documented example and with random fields. `share` splits a part's routes among files (every
 * `of`-th route from `index`). Registers the part's tests.
 */
export async function fuzzPart(part: 'bodies' | 'callers', share = { index: 0, of: 1 }): Promise<void> {
  const server = await startTestServer()
  // Every route the app has, so a new one is fuzzed with no edit here.
  const routes = [...new Set(server.app.routes.filter((r) => /^\/api(\/|$)/.test(r.path)).map((r) => `${r.method} ${r.path}`))]
  const targets = routes.filter((r) => !(r in EXCLUDED) && (!env.FUZZ_ONLY || r === env.FUZZ_ONLY) && ['ALL', ...METHODS].includes(r.split(' ')[0]!))
  // This file's share of them; the other files of the part send the rest.
  const mine = targets.filter((_, n) => n % share.of === share.index)
  const covered = new Set<string>()
  const statuses = new Map<number, number>()
  let requests = 0

  /**
   * Whether the live token is known to work: nothing that could end a session (a write, the moved
   * clock, a refusal) came since it was last proven, so it need not be asked again.
   */
  let proven = true

  async function signIn(): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await server.post('/login/users/', ADMIN)
      const answer = (await res.json()) as { user?: { auth_key: string } }
      if (answer.user) return answer.user.auth_key
      advance(Number(res.headers.get('Retry-After') || 60) * 1000 + 1000)
    }
    throw new Error('the fuzz could not sign in')
  }
  const revoked = await signIn()
  await server.post('/logout', {}, revoked)
  let live = await signIn()
  const callers = callerTokens(server, liveToken)
  const examples = await documentedExamples(server)

  /** The live token, signed in again when a fuzzed sign-out or the moved clock ended it. */
  async function liveToken() {
    if (proven) return live
    const res = await server.get('/users/self', live)
    await res.body?.cancel()
    if (res.status === 401) live = await signIn()
    proven = true
    return live
  }
  /** Moves the server's clock, which may end the live session. */
  function advance(ms: number) {
    server.advance(ms)
    proven = false
  }

  /** Sends the fuzzed request, then a plain one on the same connection, which must still answer. */
  async function exchange({ headers: { authorization, ...rest }, ...input }: FuzzRequest): Promise<Answer> {
    const headers: http.OutgoingHttpHeaders = Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string] => entry[1] !== null))
    const caller = authorization.startsWith('caller:') ? (authorization.slice('caller:'.length) as Caller) : undefined
    const token = caller && (await callers.token(caller))
    if (caller) {
      if (token) headers.authorization = `Bearer ${token}`
    } else if (authorization === 'live' || authorization === 'revoked') headers.authorization = `Bearer ${authorization === 'live' ? await liveToken() : revoked}`
    else if (authorization !== 'none') headers.authorization = authorization
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      requests++
      const answer = await send(server.port, agent, { ...input, headers })
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
      // The answer, not the request (made to be malformed), must be as the API's description tells.
      const target = input.query ? `${input.path}?${input.query}` : input.path
      const undescribed = await answerMismatches(server.url, input.method, target, answer)
      assert.equal(undescribed, [], `answered as not described: ${undescribed.join('; ')}`)
      // Throttled: wait as told, on the server's clock, so the next runs get past the throttle.
      if (answer.status === 429) advance(Number(answer.retryAfter || 60) * 1000 + 1000)
      // A write may end a session (a sign-out, a password changed, sessions ended), whoever sent it.
      if (answer.status === 401 || !['GET', 'HEAD'].includes(input.method)) proven = false
      if (caller && answer.status === 401) await callers.refused(caller)
      const next = { method: 'GET', path: '/api/fuzz-next', query: '', body: undefined, chunked: false, headers: {} }
      await send(server.port, agent, next).catch((error: Error) => assert.unreachable(`the connection broke after this request: ${error.message}`))
      return answer
    } finally {
      agent.destroy()
    }
  }

  /** A pass's own seed, from the run's seed and what the pass sends, so narrowing a run keeps it. */
  function passSeed(...parts: (string | number)[]): number {
    let hash = 0x811c9dc5
    for (const char of parts.join(' ')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193)
    return hash | 0
  }

  const replay = (seed: number, route: string, body: string, query: string, path: string) =>
    `FUZZ_SEED=${seed} FUZZ_ONLY='${route}' FUZZ_BODY=${body} FUZZ_QUERY=${query} FUZZ_RUNS=${RUNS} FUZZ_PATH=${path} ONLY=api/fuzz node test/run.mjs api`
  const replayCaller = (seed: number, route: string, caller: string, body: string, path: string) =>
    `FUZZ_SEED=${seed} FUZZ_ONLY='${route}' FUZZ_CALLER=${caller} FUZZ_BODY=${body} FUZZ_RUNS=${RUNS} FUZZ_PATH=${path} ONLY=api/fuzz node test/run.mjs api`

  if (part === 'bodies') for (const route of mine) {
    const [method = '', path = ''] = route.split(' ')
    test(`${route} answers JSON without a 5xx or a hang`, async () => {
      for (const seed of SEEDS) {
        for (const body of BODY_KINDS) {
          for (const query of QUERY_KINDS) {
            const property = fc.asyncProperty(request(method, path, body, query), async (input) => {
              covered.add(`${route} ${body} ${query}`)
              checkAnswer(await exchange(input), server.logs.at(-1), path.endsWith('/export'))
            })
            const options = { numRuns: RUNS, seed: passSeed(seed, route, body, query), path: env.FUZZ_PATH, includeErrorInReport: true }
            const details = await fc.check(property, options)
            if (!details.failed) continue
            const command = replay(seed, route, body, query, details.counterexamplePath ?? '')
            console.log(`fuzz failure, reproduce with: ${command}`)
            assert.unreachable(`${fc.defaultReportMessage(details)}\nreproduce with: ${command}`)
          }
        }
      }
    })
  }

  if (part === 'callers') for (const route of mine) {
    const [method = '', path = ''] = route.split(' ')
    const example = examples.get(describedRoute(method, path))
    test(`${route} answers every kind of caller without a 5xx`, async () => {
      for (const seed of SEEDS) {
        for (const caller of CALLER_KINDS) {
          for (const body of CALLER_BODY_KINDS) {
            const property = fc.asyncProperty(callerRequest(method, path, caller, body, example), async (input) => {
              covered.add(`${route} as ${caller} ${body}`)
              checkAnswer(await exchange(input), server.logs.at(-1), path.endsWith('/export'))
            })
            const options = { numRuns: RUNS, seed: passSeed(seed, route, caller, body), path: env.FUZZ_PATH, includeErrorInReport: true }
            const details = await fc.check(property, options)
            if (!details.failed) continue
            const command = replayCaller(seed, route, caller, body, details.counterexamplePath ?? '')
            console.log(`fuzz failure, reproduce with: ${command}`)
            assert.unreachable(`${fc.defaultReportMessage(details)}\nreproduce with: ${command}`)
          }
        }
      }
    })
  }

  test(part === 'bodies' ? 'sends every API route but the listed exclusions every kind of body and query, and lists no stale exclusion' : 'sends every API route but the listed exclusions as every kind of caller, and lists no stale exclusion', () => {
    const passes =
      part === 'bodies'
        ? mine.flatMap((route) => BODY_KINDS.flatMap((body) => QUERY_KINDS.map((query) => `${route} ${body} ${query}`)))
        : mine.flatMap((route) => CALLER_KINDS.flatMap((caller) => CALLER_BODY_KINDS.map((body) => `${route} as ${caller} ${body}`)))
    // A replay narrowed to the other part's passes sends nothing here.
    if (narrowed && !passes.length) return
    assert.ok(passes.length > 0, 'nothing was fuzzed')
    assert.equal(passes.filter((pass) => !covered.has(pass)), [], 'passes that sent nothing')
    if (narrowed) return
    if (part === 'bodies') assert.ok(BODY_KINDS.includes('hostile') && QUERY_KINDS.includes('hostile'))
    else assert.equal([...CALLER_KINDS], [...CALLERS], 'every kind of caller sent every route')
    assert.equal(routes.filter((r) => !targets.includes(r) && !(r in EXCLUDED)), [], 'routes neither fuzzed nor excluded')
    assert.equal(Object.keys(EXCLUDED).filter((r) => !routes.includes(r)), [], 'exclusions of routes that no longer exist')
  })

  test.after(async () => {
    const seen = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}x${count}`)
    const sent = part === 'bodies' ? `${BODY_KINDS.length} bodies x ${QUERY_KINDS.length} queries` : `${CALLER_KINDS.length} callers x ${CALLER_BODY_KINDS.length} bodies`
    const counts = `${mine.length} of ${targets.length} routes, ${sent}, x ${SEEDS.length} seeds x ${RUNS} runs, ${requests} requests`
    console.log(`fuzz (${part}): ${counts} (each followed by one on its connection), statuses ${seen.join(' ')}, FUZZ_SEED=${SEEDS.join(',')}`)
    await server.close()
  })
}
