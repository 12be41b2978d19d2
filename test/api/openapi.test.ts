import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import * as esbuild from 'esbuild'
import createClient from 'openapi-fetch'
import openapiTS, { astToString } from 'openapi-typescript'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { routeKey } from '../../src/server/openapi/registry'
import { mismatches } from './_openapi'
import { ADMIN, signIn, startTestServer, type TestServer } from './_server'

/**
 * The linter's rules: Redocly's `recommended` set, every problem failing the test, with three
 * rules off for what this API does on purpose (said in the README): the social sign-in routes
 * answer only redirects (no 2xx), a few public reads cannot fail by the caller's doing (no 4xx),
 * and `/alerts/mutes/{id}` beside `/alerts/{id}/ack` is no ambiguity, as a fixed segment wins.
 */
export const LINT_RULES = {
  extends: ['recommended'],
  rules: { 'operation-2xx-response': 'off', 'operation-4xx-response': 'off', 'no-ambiguous-paths': 'off' },
} as const

let server: TestServer
let text: string
let doc: Record<string, any>

test.before(async () => {
  server = await startTestServer()
  const res = await fetch(`${server.url}/api/openapi.json`)
  assert.is(res.status, 200)
  text = await res.text()
  doc = JSON.parse(text)
})

test.after(async () => {
  await server.close()
})

/** The server's routes under `/api` that the description does not tell, as `METHOD /path`. */
function undescribed(routes: readonly { method: string; path: string }[], described: Record<string, any>): string[] {
  const known = new Set(Object.entries(described.paths).flatMap(([route, item]) => Object.keys(item as object).map((method) => routeKey(method, route))))
  return [
    ...new Set(
      routes.filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL').map((route) => routeKey(route.method, route.path.slice('/api'.length))),
    ),
  ].filter((key) => !known.has(key))
}

test('GET /api/openapi.json needs no sign-in and is an OpenAPI 3.1 description of the API', async () => {
  const res = await fetch(`${server.url}/api/openapi.json`)
  assert.is(res.status, 200)
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/)
  assert.match(res.headers.get('cache-control') ?? '', /^public/)
  const again = await fetch(`${server.url}/api/openapi.json`, { headers: { 'If-None-Match': res.headers.get('etag') ?? '' } })
  assert.is(again.status, 304)
  assert.is(doc.openapi, '3.1.0')
  assert.equal(Object.keys(doc.components.securitySchemes).sort(), ['accessKey', 'appToken', 'deviceCredential', 'enrollmentKey', 'session'])
})

test('GET /api/openapi.json is sent compressed as the client accepts, each encoding with its own ETag', async () => {
  const plain = await fetch(`${server.url}/api/openapi.json`, { headers: { 'Accept-Encoding': 'identity' } })
  assert.is(plain.headers.get('content-encoding'), null)
  const text = await plain.text()
  for (const encoding of ['gzip', 'br']) {
    const packed = await fetch(`${server.url}/api/openapi.json`, { headers: { 'Accept-Encoding': encoding } })
    assert.is(packed.headers.get('content-encoding'), encoding)
    assert.match(packed.headers.get('vary') ?? '', /Accept-Encoding/i)
    assert.is(await packed.text(), text, `${encoding} holds the same description`)
    assert.is.not(packed.headers.get('etag'), plain.headers.get('etag'))
    const stale = await fetch(`${server.url}/api/openapi.json`, { headers: { 'Accept-Encoding': encoding, 'If-None-Match': plain.headers.get('etag') ?? '' } })
    assert.is(stale.status, 200, "another encoding's ETag does not answer 304")
    await stale.arrayBuffer()
  }
})

test('every route the server registers under /api is described, and nothing else is', () => {
  assert.equal(undescribed(server.app.routes, doc), [])
  const served = new Set(server.app.routes.filter((route) => route.path.startsWith('/api/')).map((route) => routeKey(route.method, route.path.slice(4))))
  const stale = Object.entries(doc.paths).flatMap(([route, item]) => Object.keys(item as object).map((method) => routeKey(method, route))).filter((key) => !served.has(key))
  assert.equal(stale, [], 'described routes the server does not serve')
})

test('the build writes the same description from the code alone, without a server', async () => {
  // Inside the project, so the bundle finds its packages as the build's does.
  fs.mkdirSync(path.resolve('node_modules/.cache'), { recursive: true })
  const dir = fs.mkdtempSync(path.resolve('node_modules/.cache/openapi-'))
  try {
    const script = path.join(dir, 'write.mjs')
    await esbuild.build({ entryPoints: ['src/server/openapi/write.ts'], outfile: script, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' })
    const ran = await new Promise<{ code: number; output: string }>((resolve) =>
      execFile(process.execPath, [script, path.join(dir, 'openapi.json')], (error, stdout, stderr) => resolve({ code: error ? 1 : 0, output: stdout + stderr })),
    )
    assert.is(ran.code, 0, ran.output)
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, 'openapi.json'), 'utf8')), doc)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('a route added to the server without a description is found', () => {
  const added = [...server.app.routes, { method: 'POST', path: '/api/tunnels/:id/restart' }, { method: 'GET', path: '/api/devices/:id/reboot' }]
  assert.equal(undescribed(added, doc), ['POST /tunnels/{}/restart', 'GET /devices/{}/reboot'])
})

test('the description passes Redocly\'s recommended lint rules', async () => {
  const config = await createConfig(LINT_RULES as never)
  const problems = await lintFromString({ source: text, absoluteRef: path.join(os.tmpdir(), 'openapi.json'), config })
  assert.equal(
    problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
    [],
  )
})

test('it carries the limits of the contract: lengths, ranges, enums, patterns, defaults', () => {
  const body = doc.paths['/devices'].post.requestBody.content['application/json'].schema
  assert.equal(body.properties.name, { type: 'string', minLength: 1, maxLength: 120 })
  assert.is(body.properties.tags.maxItems, 16)
  assert.ok(body.properties.serial.pattern)
  assert.equal([...body.required].sort(), ['location', 'model', 'name', 'serial', 'tags'])
  const beat = doc.paths['/devices/{id}/heartbeat'].post.requestBody.content['application/json'].schema
  assert.equal(beat.properties.metrics.properties.cpu, { type: 'number', minimum: 0, maximum: 100 })
  assert.equal(beat.properties.status.enum, ['online', 'error'])
  const rule = doc.paths['/alert_rules'].post.requestBody.content['application/json'].schema
  assert.is(rule.properties.grace_s.default, 300)
  assert.equal(rule.properties.tag.type, ['string', 'null'])
  const list = doc.paths['/devices'].get
  const names = list.parameters.map((param: { name: string }) => param.name)
  assert.equal(names.slice(0, 5), ['q', 'sort', 'order', 'page', 'per_page'])
  for (const name of ['filter[status]', 'filter[tag]', 'filter[last_seen_before]', 'status', 'model']) assert.ok(names.includes(name), name)
  const byStatus = list.parameters.find((param: { name: string }) => param.name === 'filter[status]')
  assert.equal(byStatus.schema.items.enum, ['online', 'offline', 'provisioning', 'error', 'pending'])
  assert.is(list.parameters.find((param: { name: string }) => param.name === 'filter[last_seen_before]').schema.maxItems, 1)
  assert.ok(list.responses['200'].headers['X-Total-Count'])
  assert.ok(doc.paths['/devices/{id}'].put.responses['409'].content['application/json'].schema.anyOf.some((schema: any) => schema.required?.includes('current')))
  assert.ok(doc.paths['/login/users'].post.responses['429'].headers['Retry-After'])
  assert.equal(doc.paths['/devices'].post.parameters, [{ $ref: '#/components/parameters/IdempotencyKey' }])
  assert.equal(doc.paths['/devices'].post['x-rights'], ['devices'])
  assert.ok(doc.paths['/events'].get.responses['200'].content['text/event-stream'].schema['x-events'].change)
})

test('its sentences take "an" before a vowel: "Create an access key", "Get an app id"', () => {
  const wrong: string[] = []
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const words of [operation.summary, operation.description, ...Object.values(operation.responses ?? {}).map((answer: any) => answer.description)]) {
        if (typeof words === 'string' && /\b[Aa] (?!u|one)[aeiou]/.test(words)) wrong.push(`${method} ${path}: ${words}`)
      }
    }
  }
  assert.equal(wrong, [])
  assert.is(doc.paths['/access_keys'].post.summary, 'Create an access key')
})

test('it carries no secret and no example credential', () => {
  for (const secret of [ADMIN.password, ADMIN.email]) assert.not.ok(text.includes(secret), secret)
  // Keys, app tokens, client ids and session tokens as the server makes them.
  assert.not.match(text, /edk_[A-Za-z0-9_-]{8,}|eat_[A-Za-z0-9_-]{8,}|app_[0-9a-f]{8,}|Bearer\s+[A-Za-z0-9_-]{16,}/)
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, any>)) {
      const example = JSON.stringify(operation.requestBody?.content?.['application/json']?.example ?? {})
      assert.not.match(example, /"(password|secret|client_secret|token|current)":"(?!<)/, `${method} ${route}'s example holds a credential`)
    }
  }
})

test('the drift check names an undescribed route, status, field and header', async () => {
  const url = (route: string) => new URL(`${server.url}/api${route}`)
  const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
  assert.equal(await mismatches(doc, 'POST', url('/gateways'), undefined, json({ id: '1' }, 201)), ['POST /api/gateways 201: the route is not described'])
  assert.equal(await mismatches(doc, 'GET', url('/nothing'), undefined, json({ message: 'Not found' }, 404)), [])
  const [status] = await mismatches(doc, 'GET', url('/devices'), undefined, json([], 202))
  assert.match(status!, /^GET \/api\/devices 202: the status is not described/)
  const [field] = await mismatches(doc, 'GET', url('/users/self'), undefined, json({ id: 'u', extra: 1 }, 200))
  assert.match(field!, /^GET \/api\/users\/self 200: answer body must have required property/)
  const device = { id: 'd', created_at: 'x', updated_at: 'x', version: 1, name: 'n', serial: 's', model: 'm', location: '', tags: [], enabled: true, status: 'online', ip: '', firmware: '', os: '', last_seen: null, enrolled_by: null }
  assert.equal(await mismatches(doc, 'GET', url('/devices/d'), undefined, json(device, 200)), [])
  assert.equal(await mismatches(doc, 'GET', url('/devices/d'), undefined, json({ ...device, secret: 'x' }, 200)), [
    'GET /api/devices/{id} 200: answer body must NOT have additional properties ("secret")',
  ])
  assert.equal(await mismatches(doc, 'GET', url('/devices/d'), undefined, json(device, 200, { 'Retry-After': '1' })), [
    'GET /api/devices/{id} 200: the header retry-after is not described',
  ])
  assert.equal(await mismatches(doc, 'GET', url('/devices?colour=red'), undefined, json([], 200, { 'X-Total-Count': '0' })), [
    'GET /api/devices 200: the query parameter colour is not described',
  ])
  assert.equal(await mismatches(doc, 'POST', url('/devices'), JSON.stringify({ name: 'n', serial: 's', model: 'm', location: '', tags: [], colour: 'red' }), json(device, 201)), [
    'POST /api/devices 201: request body must NOT have additional properties ("colour")',
  ])
})

test('a client generated from the description (openapi-typescript + openapi-fetch) lists devices and sends a heartbeat', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-client-'))
  try {
    fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(doc as never)))
    // The calls below, written against the generated types and typechecked with them.
    fs.writeFileSync(
      path.join(dir, 'use.ts'),
      [
        "import createClient from 'openapi-fetch'",
        "import type { paths } from './api'",
        'export async function beat(token: string, key: string) {',
        "  const api = createClient<paths>({ baseUrl: 'http://127.0.0.1/api' })",
        "  const { data: devices } = await api.GET('/devices', { params: { query: { per_page: 5, status: 'online' } }, headers: { Authorization: `Bearer ${token}` } })",
        "  const id: string = devices![0]!.id",
        "  const { data } = await api.POST('/devices/{id}/heartbeat', {",
        '    params: { path: { id } },',
        '    headers: { Authorization: `Bearer ${key}` },',
        "    body: { ip: '10.0.0.7', firmware: '2.5.0', metrics: { latency_ms: 18, bytes_in: 5200, bytes_out: 900, cpu: 12, memory: 41 } },",
        '  })',
        '  // A device waiting for approval has its beat held (202) and is seen at none.',
        "  const seen: string | undefined = data && 'last_seen' in data ? data.last_seen : undefined",
        '  return seen',
        '}',
        '',
      ].join('\n'),
    )
    fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'))
    // Run apart, without blocking: the test server shares this process.
    const args = [path.resolve('node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--skipLibCheck', '--module', 'esnext', '--moduleResolution', 'bundler', '--target', 'es2022', path.join(dir, 'use.ts')]
    const tsc = await new Promise<{ code: number; output: string }>((resolve) =>
      execFile(process.execPath, args, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr })),
    )
    assert.is(tsc.code, 0, tsc.output)
    const api = createClient<any>({ baseUrl: `${server.url}/api` })
    const token = await signIn(server)
    const auth = (bearer: string) => ({ Authorization: `Bearer ${bearer}` })
    const listed = await api.GET('/devices', { params: { query: { per_page: 5, sort: 'name' } }, headers: auth(token) })
    assert.is(listed.response.status, 200)
    assert.ok(Number(listed.response.headers.get('X-Total-Count')) > 0)
    const device = (listed.data as { id: string }[])[0]!
    const key = await api.POST('/access_keys', { body: { name: 'Generated client', scopes: ['heartbeat'], expires_in_days: 7 }, headers: auth(token) })
    assert.is(key.response.status, 201)
    const beat = await api.POST('/devices/{id}/heartbeat', {
      params: { path: { id: device.id } },
      headers: auth((key.data as { secret: string }).secret),
      body: { ip: '10.0.0.7', firmware: '2.5.0', metrics: { latency_ms: 18, bytes_in: 5200, bytes_out: 900, cpu: 12, memory: 41 } },
    })
    assert.is(beat.response.status, 200)
    assert.is((beat.data as { status: string }).status, 'online')
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
