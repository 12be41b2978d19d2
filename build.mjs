// Builds the console (React, or Preact with --preact), prerenders its public pages,
// precompresses every file, prints the size report and bundles the reference server.
// --watch rebuilds on change, restarts the server and reloads open pages.
import * as esbuild from 'esbuild'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'

const root = new URL('.', import.meta.url).pathname
const args = new Set(process.argv.slice(2))
const flavour = args.has('--preact') ? 'preact' : 'react'
const watch = args.has('--watch')
const out = join(root, 'dist', flavour)
const assets = join(out, 'assets')
const RELOAD_PORT = Number(process.env.RELOAD_PORT || 35729)

/**
 * The syntax target: ES2018 plus native dynamic import(), which every browser with ES modules
 * and code splitting needs: Chrome 64, Firefox 67, Edge 79 and Safari 14.1 on.
 */
export const TARGET = ['es2018', 'chrome64', 'firefox67', 'edge79', 'safari14.1']

const PREACT_ALIAS = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server.browser',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
}

const clientOptions = {
  absWorkingDir: root,
  entryPoints: { main: 'src/main.tsx', prerender: 'src/prerender.tsx', styles: 'styles/index.css', palettes: 'styles/palettes.css' },
  outdir: assets,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: TARGET,
  supported: { 'dynamic-import': true },
  minify: !watch,
  sourcemap: watch ? 'linked' : false,
  jsx: 'automatic',
  loader: { '.module.css': 'local-css', '.svg': 'file', '.png': 'file', '.woff2': 'file' },
  entryNames: '[name]-[hash]',
  chunkNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  define: { 'process.env.NODE_ENV': JSON.stringify(watch ? 'development' : 'production') },
  alias: {
    'use-sync-external-store/shim/index.js': './src/lib/use-sync-external-store.ts',
    'use-sync-external-store/shim': './src/lib/use-sync-external-store.ts',
    ...(flavour === 'preact' ? PREACT_ALIAS : {}),
  },
  metafile: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
}

const serverOptions = {
  absWorkingDir: root,
  entryPoints: ['src/server/main.ts'],
  outfile: join(root, 'dist/server/server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
}

/** Screen key -> source module, read from the lazy imports of `src/app/screens.ts`. */
function screenModules() {
  const source = readFileSync(join(root, 'src/app/screens.ts'), 'utf8')
  const modules = {}
  for (const [, key, path] of source.matchAll(/'?([\w-]+)'?:\s*\(\) => import\('([^']+)'\)/g)) {
    modules[key] = join('src/app', path)
  }
  if (!Object.keys(modules).length) throw new Error('no screens found in src/app/screens.ts')
  return modules
}

const sourceOf = (path) => ['.tsx', '.ts'].map((ext) => path + ext).find((file) => existsSync(join(root, file)))

/** Static imports of `file`, itself included: what the browser fetches before it runs. */
function staticClosure(meta, file, seen = new Set()) {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const item of meta.outputs[file]?.imports ?? []) {
    if (item.kind === 'import-statement' && !item.external) staticClosure(meta, item.path, seen)
  }
  return seen
}

/** Every output the console can reach from its entry, following lazy imports too. */
function reachable(meta, from, styles) {
  const seen = new Set(styles)
  const walk = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const item of meta.outputs[file]?.imports ?? []) if (!item.external) walk(item.path)
  }
  from.forEach(walk)
  return seen
}

const url = (file) => '/' + relative(out, join(root, file)).split('\\').join('/')
const outputFor = (meta, entry) => Object.keys(meta.outputs).find((file) => meta.outputs[file].entryPoint === entry)
const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])

/** Turns one finished client build into pages, a manifest, compressed files and a size report. */
async function finish(result) {
  const meta = result.metafile
  const main = outputFor(meta, 'src/main.tsx')
  const prerenderFile = outputFor(meta, 'src/prerender.tsx')
  const stylesCss = outputFor(meta, 'styles/index.css')
  const palettesCss = outputFor(meta, 'styles/palettes.css')
  const screenOutputs = {}
  for (const [key, module] of Object.entries(screenModules())) {
    const source = sourceOf(module)
    const output = source && outputFor(meta, source)
    if (!output) throw new Error(`no output for screen ${key} (${module})`)
    screenOutputs[key] = output
  }
  const screenCss = (key) => meta.outputs[screenOutputs[key]].cssBundle
  // Screen key -> its stylesheet's name in /assets/ without `.css`, kept short: every page carries it.
  const sheetName = (file) => relative(assets, join(root, file)).replace(/\.css$/, '')
  const screenStyles = {
    ...Object.fromEntries(Object.keys(screenOutputs).filter(screenCss).map((key) => [key, sheetName(screenCss(key))])),
    palettes: sheetName(palettesCss),
  }

  writeFileSync(join(assets, 'package.json'), '{"type":"module"}')
  const prerender = await import(`${pathToFileURL(join(root, prerenderFile)).href}?t=${Date.now()}`)
  const { PAGES, NOT_FOUND_PAGE, APP_PAGE, BRAND_TEXTS: BRAND } = prerender
  const template = readFileSync(join(root, 'index.html'), 'utf8').replace(
    /<script>([\s\S]*?)<\/script>/,
    (_, code) => `<script>${esbuild.transformSync(code, { minify: true, target: TARGET }).code.trim()}</script>`,
  )
  // The server's page policy lets a page connect to the origin in data-live-reload.
  const reload = watch
    ? `<script data-live-reload="http://localhost:${RELOAD_PORT}/">new EventSource(document.currentScript.dataset.liveReload).onmessage=()=>location.reload()</script>`
    : ''
  const inline = (file, key) => `<style${key ? ` data-screen="${key}"` : ''}>${readFileSync(join(root, file), 'utf8')}</style>`
  const stylesJson = JSON.stringify(screenStyles).replace(/</g, '\\u003c')

  const page = async ({ path, screen, mode, title }) => {
    const body = await prerender.renderPage(path, mode === 'shell' ? undefined : screen)
    const screenOut = mode === 'page' ? screenOutputs[screen] : undefined
    const preloads = new Set([...staticClosure(meta, main), ...(screenOut ? staticClosure(meta, screenOut) : [])])
    preloads.delete(main)
    const head = [
      inline(stylesCss),
      screenOut && screenCss(screen) ? inline(screenCss(screen), screen) : '',
      ...[...preloads].map((file) => `<link rel="modulepreload" href="${url(file)}">`),
      `<script type="application/json" id="screen-styles">${stylesJson}</script>`,
    ].join('')
    return template
      .replace('<!--title-->', escapeHtml(title ? `${title} | ${BRAND.name}` : BRAND.name))
      .replace('<!--description-->', escapeHtml(BRAND.description))
      .replace('<!--head-->', head)
      .replace('%PALETTES%', url(palettesCss))
      .replace('<!--mode-->', mode)
      .replace('<!--body-->', body)
      .replace('<!--scripts-->', `<script type="module" src="${url(main)}"></script>${reload}`)
  }

  mkdirSync(join(out, 'pages'), { recursive: true })
  const manifest = { pages: {}, main: url(main) }
  const written = new Set()
  for (const entry of [...PAGES, { ...NOT_FOUND_PAGE, mode: 'page' }, { ...APP_PAGE, mode: 'shell' }]) {
    const name = `${entry.page}.html`
    if (!written.has(name)) writeFileSync(join(out, 'pages', name), await page({ mode: 'page', ...entry }))
    written.add(name)
    manifest.pages[entry.key ?? entry.path] = name
  }
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2))

  // The prerender entry and what only it uses are build tools, not part of the console.
  const keep = reachable(meta, [main], [stylesCss, palettesCss, ...Object.keys(screenOutputs).map(screenCss).filter(Boolean)])
  for (const file of Object.keys(meta.outputs)) if (!keep.has(file)) rmSync(join(root, file), { force: true })
  rmSync(join(assets, 'package.json'), { force: true })

  if (!watch) compressTree(out)
  const report = sizeReport(meta, keep, {
    html: join(out, 'pages', manifest.pages['/login']),
    js: [...staticClosure(meta, main), ...staticClosure(meta, screenOutputs['sign-in'])],
  })
  writeFileSync(join(out, 'size-report.json'), JSON.stringify({ flavour, ...report }, null, 2))
  writeFileSync(join(out, 'metafile.json'), JSON.stringify(meta))
  printReport(report)
}

const sizes = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
})

/** Writes a .gz and a .br beside every text file, for the server to send as they are. */
function compressTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) compressTree(path)
    else if (/\.(js|css|html|json|svg|map)$/.test(name)) {
      const bytes = readFileSync(path)
      writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }))
      writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }))
    }
  }
}

/** Bytes per entry and lazy chunk, and what a visitor downloads for the sign-in page. */
function sizeReport(meta, keep, signIn) {
  const files = [...keep].filter((file) => meta.outputs[file]).sort()
  const rows = files.map((file) => ({
    file: relative(out, join(root, file)),
    kind: meta.outputs[file].entryPoint ? (file.endsWith('.css') ? 'css' : 'entry') : file.endsWith('.css') ? 'css' : 'chunk',
    ...sizes(readFileSync(join(root, file))),
  }))
  const parts = [signIn.html, ...[...new Set(signIn.js)].map((file) => join(root, file))]
  const total = { raw: 0, gzip: 0, brotli: 0 }
  for (const part of parts) {
    const size = sizes(readFileSync(part))
    for (const key of Object.keys(total)) total[key] += size[key]
  }
  return { files: rows, signInPage: { ...total, files: parts.map((part) => relative(out, part)) } }
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10)

function printReport(report) {
  console.log(`size report (${flavour})${' '.repeat(34)}raw       gzip     brotli`)
  for (const row of report.files) {
    console.log(`  ${row.kind.padEnd(6)} ${row.file.padEnd(42)}${kib(row.raw)} ${kib(row.gzip)} ${kib(row.brotli)}`)
  }
  const total = report.signInPage
  console.log(`  sign-in page (html with its css, js)${' '.repeat(13)}${kib(total.raw)} ${kib(total.gzip)} ${kib(total.brotli)}`)
}

/**
 * The sources the Show Code panel shows: for each screen, its module and the modules beside it
 * that it imports, as `{ "<screen>": [{ name, source }] }` next to the server bundle.
 */
function writeDocs() {
  const docs = {}
  for (const [key, module] of Object.entries(screenModules())) {
    const main = sourceOf(module)
    if (!main) continue
    const text = readFileSync(join(root, main), 'utf8')
    const siblings = [...text.matchAll(/from '\.\/([\w-]+)'/g)].map(([, name]) => sourceOf(join(main, '..', name))).filter(Boolean)
    docs[key] = [main, ...new Set(siblings)].map((name) => ({ name, source: readFileSync(join(root, name), 'utf8') }))
  }
  mkdirSync(join(root, 'dist/server'), { recursive: true })
  writeFileSync(join(root, 'dist/server/docs.json'), JSON.stringify(docs))
}

async function buildServer() {
  if (!existsSync(join(root, serverOptions.entryPoints[0]))) return
  await esbuild.build(serverOptions)
  writeDocs()
}

async function once() {
  rmSync(out, { recursive: true, force: true })
  const result = await esbuild.build(clientOptions)
  await finish(result)
  await buildServer()
}

/** Dev mode: rebuild on change, restart the server, tell open pages to reload. */
async function dev() {
  const listeners = new Set()
  createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' })
    listeners.add(res)
    req.on('close', () => listeners.delete(res))
  }).listen(RELOAD_PORT)
  let server
  const restart = () => {
    server?.kill()
    server = spawn(process.execPath, ['--enable-source-maps', serverOptions.outfile], {
      stdio: 'inherit',
      env: { ...process.env, STATIC_DIR: out },
    })
  }
  const notify = {
    name: 'reload',
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length) return
        try {
          await finish(result)
          for (const res of listeners) res.write('data: reload\n\n')
        } catch (error) {
          console.error(error)
        }
      })
    },
  }
  const restartOnEnd = { name: 'restart', setup: (build) => build.onEnd((r) => r.errors.length || restart()) }
  rmSync(out, { recursive: true, force: true })
  const client = await esbuild.context({ ...clientOptions, plugins: [notify] })
  const api = await esbuild.context({ ...serverOptions, plugins: [restartOnEnd] })
  await Promise.all([client.watch(), api.watch()])
  console.log(`watching; pages reload through port ${RELOAD_PORT}`)
}

if (watch) await dev()
else {
  await once()
  // The prerender's React scheduler may hold a MessageChannel open; the build is done.
  process.exit(0)
}
