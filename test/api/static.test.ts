import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ASSET, INLINE, fakePage, startTestServer, type TestServer } from './_server'

let server: TestServer

test.before(async () => {
  server = await startTestServer()
})

test.after(async () => {
  await server.close()
})

/** A request exactly as written: fetch would normalise `..` away before sending. */
const rawGet = (port: number, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
  })

const asset = `/assets/${ASSET.name}`

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The directives of a Content-Security-Policy header, each name to its sources. */
const directives = (policy: string | null | undefined) =>
  Object.fromEntries(
    (policy ?? '').split(';').map((part) => part.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...sources]) => [name, sources.join(' ')]),
  )

/** Rewrites a page of the running server's build; a later mtime, so the server reads it again. */
function rewritePage(target: TestServer, name: string, html: string) {
  const file = path.join(target.root, 'static', 'pages', `${name}.html`)
  fs.writeFileSync(file, html)
  const later = new Date(fs.statSync(file).mtimeMs + 60_000)
  fs.utimesSync(file, later, later)
}

test('serves an asset as brotli, gzip or plain as the client accepts, cached forever', async () => {
  const cases = [
    { accept: 'gzip, deflate, br', encoding: 'br', decode: zlib.brotliDecompressSync },
    { accept: 'gzip;q=1.0, br;q=0', encoding: 'gzip', decode: zlib.gunzipSync },
    { accept: 'identity', encoding: undefined, decode: (body: Buffer) => body },
  ]
  for (const { accept, encoding, decode } of cases) {
    const res = await rawGet(server.port, asset, { 'Accept-Encoding': accept })
    assert.is(res.status, 200, accept)
    assert.is(res.headers['content-encoding'], encoding, accept)
    assert.is(res.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.is(res.headers['vary'], 'Accept-Encoding')
    assert.match(res.headers['content-type'] ?? '', /^text\/javascript/)
    assert.is(decode(res.body).toString(), ASSET.text, accept)
  }
})

test('serves the pages of the manifest with no-cache', async () => {
  for (const [route, marker] of [['/', 'login page'], ['/login', 'login page'], ['/register/', 'register page']]) {
    const res = await fetch(`${server.url}${route}`)
    assert.is(res.status, 200, route)
    assert.is(res.headers.get('Cache-Control'), 'no-cache')
    assert.match(res.headers.get('Content-Type') ?? '', /^text\/html/)
    assert.match(await res.text(), marker ?? '')
  }
})

test('serves the app page under /app', async () => {
  for (const route of ['/app', '/app/x', '/app/devices/details']) {
    const res = await fetch(`${server.url}${route}`)
    assert.is(res.status, 200, route)
    assert.match(await res.text(), 'app page')
  }
})

test('serves the 404 page with status 404 for anything else', async () => {
  for (const route of ['/nope', '/application', '/assets/missing-0000.js']) {
    const res = await fetch(`${server.url}${route}`)
    assert.is(res.status, 404, route)
    assert.match(await res.text(), '404 page')
  }
})

test('sends a form posted before the script ran back to its page, and other posts to the 404 page', async () => {
  const form = { method: 'POST', body: 'email=a%40b.example&password=secret', headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' as const }
  const posted = await fetch(`${server.url}/login?next=%2Fapp`, form)
  assert.is(posted.status, 303)
  assert.is(posted.headers.get('location'), '/login?next=%2Fapp')
  const elsewhere = await fetch(`${server.url}/nope`, form)
  assert.is(elsewhere.status, 404)
})

test('compresses pages and answers 304 to a known ETag', async () => {
  const res = await rawGet(server.port, '/login', { 'Accept-Encoding': 'br' })
  assert.is(res.headers['content-encoding'], 'br')
  assert.match(zlib.brotliDecompressSync(res.body).toString(), 'login page')
  const again = await rawGet(server.port, '/login', { 'Accept-Encoding': 'br', 'If-None-Match': res.headers.etag ?? '' })
  assert.is(again.status, 304)
})

test('sends each page, its 304 and the 404 page under a policy with its inline script and style by hash', async () => {
  const first = await rawGet(server.port, '/login', { 'Accept-Encoding': 'br' })
  const notModified = await rawGet(server.port, '/login', { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag ?? '' })
  assert.is(notModified.status, 304)
  const answers: [string, string | null | undefined][] = [
    ['/login', String(first.headers['content-security-policy'])],
    ['/login 304', String(notModified.headers['content-security-policy'])],
    ['/app/devices', (await fetch(`${server.url}/app/devices`)).headers.get('Content-Security-Policy')],
    ['/nope', (await fetch(`${server.url}/nope`)).headers.get('Content-Security-Policy')],
  ]
  for (const [route, policy] of answers) {
    assert.equal(
      directives(policy),
      {
        'default-src': "'self'",
        'script-src': `'self' ${hashOf(INLINE.script)}`,
        'style-src': `'self' ${hashOf(INLINE.style)}`,
        'img-src': "'self' data: blob: https:",
        'font-src': "'self' data:",
        'connect-src': "'self'",
        'object-src': "'none'",
        'base-uri': "'none'",
        'form-action': "'self'",
        'frame-ancestors': "'none'",
      },
      route,
    )
    assert.not.match(policy ?? '', /unsafe-(inline|eval|hashes)/, route)
  }
})

test('hashes the new inline script of a page that changed, as the browser reads it', async () => {
  try {
    // The HTML parser reads CR LF as LF before the browser hashes a script.
    rewritePage(server, 'register', fakePage('register', 'window.changed = 1\r\nwindow.twice = 2'))
    const scripts = directives((await fetch(`${server.url}/register`)).headers.get('Content-Security-Policy'))['script-src']
    assert.is(scripts, `'self' ${hashOf('window.changed = 1\nwindow.twice = 2')}`)
  } finally {
    rewritePage(server, 'register', fakePage('register'))
  }
  const restored = directives((await fetch(`${server.url}/register`)).headers.get('Content-Security-Policy'))['script-src']
  assert.is(restored, `'self' ${hashOf(INLINE.script)}`)
})

test("lets a page connect to the origin of an absolute API_HOST and to a dev build's live reload", async () => {
  const hosted = await startTestServer({ apiHost: 'https://api.example.com:8443/v1' })
  try {
    const liveReload = `<script data-live-reload="http://localhost:35729/">new EventSource(document.currentScript.dataset.liveReload)</script>`
    rewritePage(hosted, 'register', fakePage('register').replace('</body>', `${liveReload}</body>`))
    const connect = async (route: string) => directives((await fetch(`${hosted.url}${route}`)).headers.get('Content-Security-Policy'))['connect-src']
    assert.is(await connect('/login'), "'self' https://api.example.com:8443")
    assert.is(await connect('/nope'), "'self' https://api.example.com:8443")
    assert.is(await connect('/register'), "'self' https://api.example.com:8443 http://localhost:35729")
  } finally {
    await hosted.close()
  }
})

test('never serves a file outside the build', async () => {
  const attempts = [
    '/assets/../../secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/assets/....//....//secret.txt',
    '/assets/%00/../../secret.txt',
    '/../secret.txt',
    '/assets/../manifest.json',
  ]
  for (const path of attempts) {
    const res = await rawGet(server.port, path)
    assert.not.match(res.body.toString(), 'TOP-SECRET', path)
    assert.not.match(res.body.toString(), '"pages"', path)
    assert.ok(res.status === 404 || res.status === 400, `${path}: ${res.status}`)
  }
})

test('writes API_HOST into the api-host meta of every page', async () => {
  const hosted = await startTestServer({ apiHost: `https://api.example.com/v1?a="b"&c=$&d=$'` })
  try {
    for (const route of ['/login', '/app/home', '/nope']) {
      const html = await (await fetch(`${hosted.url}${route}`)).text()
      assert.match(html, `<meta name="api-host" content="https://api.example.com/v1?a=&quot;b&quot;&amp;c=$&amp;d=$'">`, route)
    }
    assert.match(await (await fetch(`${server.url}/login`)).text(), '<meta name="api-host" content="/api">')
  } finally {
    await hosted.close()
  }
})

test.run()
