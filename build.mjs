// Builds the console (React, or Preact with --preact), prerenders its public pages,
// precompresses every file, prints the size report and bundles the reference server.
// --watch rebuilds on change, restarts the server and reloads open pages.
// Its parts live in src/build/: the page template, the screens' code and sources, the sizes.
import * as esbuild from 'esbuild'
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chunkGroups } from './src/build/chunk-groups.mjs'
import { dropEmptyChunks } from './src/build/empty-chunks.mjs'
import { minifyOutputs, minifyScript } from './src/build/minify.mjs'
import { buildAgent } from './src/build/agent.mjs'
import { spellLocaleImports } from './src/build/locale-imports.mjs'
import { bootTexts, escapeHtml, fillPage, scriptJson } from './src/build/page.mjs'
import { screenModules, screenSources } from './src/build/screens.mjs'
import { compressionCache, compressTree, printReport, reachable, sizeReport, staticClosure } from './src/build/size-report.mjs'

const root = new URL('.', import.meta.url).pathname
const args = new Set(process.argv.slice(2))
const flavour = args.has('--preact') ? 'preact' : 'react'
/** The template's demo pages (src/app/demo-pages.ts) are in unless `--no-demo` or `DEMO=off`. */
const demo = !args.has('--no-demo') && process.env.DEMO !== 'off'
const watch = args.has('--watch')
/**
 * `--quick` makes a build to look into, not to serve: no second minification, no compressed
 * copies and no server (the size check's `--no-demo` build). `--no-server` leaves the server's
 * bundle and the Show Code sources to another build running beside this one.
 */
const quick = args.has('--quick')
const withServer = !quick && !args.has('--no-server')
/** `--out=<dir>` writes the pages and assets there instead of `dist/<flavour>`. */
const outArg = [...args].find((arg) => arg.startsWith('--out='))
const out = outArg ? join(root, outArg.slice('--out='.length)) : join(root, 'dist', flavour)
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

const srcDir = join(root, 'src')
const kit = (name) => join(srcDir, 'app/kits', `${name}.ts`)
/** The public pages' lazy entries (the demo blog article is one); every other one belongs to the signed-in console. */
const PUBLIC_ENTRY = /\/src\/features\/(auth|landing|errors)\/|\/src\/features\/users\/invitation-screen\.tsx$|\/src\/demo\/article\//
/**
 * The console's lazy entries that use no list: the shell and its parts, an open dialog's box and
 * menu's list, the home screen (the first after sign-in), the dashboards, the command palette and
 * the live stream's reader. The demo pages name the lists kit like the other screens: they use its
 * pages, and naming it keeps it whole.
 * The presence menu's save (profile-api) and the organization switcher name the forms kit too: they
 * validate what they send.
 */
const NO_LISTS = /\/src\/ui\/(dialog-box|dropdown-menu)\.tsx$|\/src\/app\/shell\/|\/src\/features\/(home|network|traffic)\/|\/src\/lib\/|\/src\/features\/profile\/profile-api\.ts$/
const WITH_FORMS = /\/src\/features\/profile\/profile-api\.ts$|\/src\/app\/shell\/header\/organization-switcher\.tsx$/
/** The sign-out dialog asks with the lists' confirm dialog, so it names the lists kit (it keeps the kit whole). */
const WITH_LISTS = /\/src\/app\/shell\/header\/sign-out-dialog\.tsx$/
/** The demo forms show the sign-in and registration forms with the public pages' texts. */
const WITH_PUBLIC = /\/src\/demo\/forms\/forms-screen\.tsx$/
/** The command palette checks the organization switch it offers with the rules kit's structs. */
const WITH_RULES = /\/src\/app\/shell\/palette\/palette-screen\.tsx$/
/** A feature's kit: the small modules its screens share, one file instead of one per set of screens. */
const FEATURE_KITS = [kit('devices')]
/**
 * Which kits a module names first (src/app/kits/): the page's script, the prerender and every lazy
 * entry the core kit; a public page's the public kit; the console's the console kit and, but for
 * those of NO_LISTS, the lists kit, with the records kit when it loads a form's record dialog or
 * save, else the forms kit when it loads a field or the form hook: a list screen draws without its
 * forms, which load on first use; and any console entry each feature kit it uses. See
 * src/build/chunk-groups.mjs.
 */
const kitsOf = (path, lazy, uses) => {
  if (path === join(srcDir, 'main.tsx') || path === join(srcDir, 'prerender.tsx')) return [kit('core')]
  if (!lazy) return []
  // The sign-in page starts the service worker: its registration needs no kit beyond the core.
  if (path === join(srcDir, 'stores/service-worker.ts')) return [kit('core')]
  if (PUBLIC_ENTRY.test(path)) return [kit('core'), kit('public')]
  const features = FEATURE_KITS.filter(uses)
  if (!NO_LISTS.test(path) || WITH_LISTS.test(path)) {
    const forms = uses(kit('records')) ? [kit('records')] : uses(kit('forms')) ? [kit('forms')] : uses(kit('rules')) ? [kit('rules')] : []
    return [kit('core'), kit('console'), kit('lists'), ...forms, ...(WITH_PUBLIC.test(path) ? [kit('public')] : []), ...features]
  }
  return [kit('core'), kit('console'), ...(WITH_FORMS.test(path) ? [kit('forms')] : WITH_RULES.test(path) ? [kit('rules')] : []), ...features]
}

/** The shell's parts in the screen table (src/app/screens.ts): the shell draws them, never first. */
const SHELL_PARTS = ['big-sidebar', 'top-navigation', 'mega-menu', 'settings', 'guide', 'code-panel', 'status-notices', 'sign-out']
/**
 * Those the shell may draw as it starts, with no click: a chosen layout, the status notices, the
 * guide of a first visit. Each /app page names their sheets, so they load without waiting for the
 * list of every sheet.
 */
const STARTING_PARTS = ['big-sidebar', 'top-navigation', 'mega-menu', 'status-notices', 'guide']

/** Without the demo pages, the screen table's loaders of them load an empty module instead. */
const withoutDemo = {
  name: 'without-demo',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/demo\// }, (args) => (args.importer === join(srcDir, 'app/screens.ts') ? { path: join(srcDir, 'demo/no-demo.tsx') } : undefined))
  },
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
  define: { 'process.env.NODE_ENV': JSON.stringify(watch ? 'development' : 'production'), 'process.env.DEMO': JSON.stringify(demo ? 'on' : 'off') },
  alias: {
    'use-sync-external-store/shim/index.js': './src/lib/use-sync-external-store.ts',
    'use-sync-external-store/shim': './src/lib/use-sync-external-store.ts',
    // rosetta's path reader: its "browser" field names a UMD file, which brings esbuild's CommonJS
    // wrapper and a file of its helpers into every page; its ES module is the same function.
    dlv: './node_modules/dlv/dist/dlv.es.js',
    ...(flavour === 'preact' ? PREACT_ALIAS : {}),
  },
  metafile: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  plugins: [chunkGroups({ srcDir, kitsOf, transform: spellLocaleImports }), ...(demo ? [] : [withoutDemo])],
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

const url = (file) => '/' + relative(out, join(root, file)).split('\\').join('/')
const outputFor = (meta, entry) => Object.keys(meta.outputs).find((file) => meta.outputs[file].entryPoint === entry)

/** Turns one finished client build into pages, a manifest, compressed files and a size report. */
async function finish(result) {
  const meta = result.metafile
  dropEmptyChunks(meta, root)
  if (!watch && !quick) await minifyOutputs(meta, root)
  const main = outputFor(meta, 'src/main.tsx')
  const prerenderFile = outputFor(meta, 'src/prerender.tsx')
  const stylesCss = outputFor(meta, 'styles/index.css')
  const palettesCss = outputFor(meta, 'styles/palettes.css')
  const modules = screenModules(root, meta)
  const screenOutputs = {}
  for (const [key, module] of Object.entries(modules)) {
    const output = outputFor(meta, module)
    if (!output) throw new Error(`no output for screen ${key} (${module})`)
    screenOutputs[key] = output
  }
  const screenCss = (key) => meta.outputs[screenOutputs[key]].cssBundle

  writeFileSync(join(assets, 'package.json'), '{"type":"module"}')
  const prerender = await import(`${pathToFileURL(join(root, prerenderFile)).href}?t=${Date.now()}`)
  const { PAGES, NOT_FOUND_PAGE, APP_PAGE, BRAND_TEXTS: BRAND } = prerender
  // The shell's parts, the command palette and the bulk parts draw in the shell or over a screen,
  // with the shell's sheet already on the page.
  withoutShellStyles(meta, screenOutputs, [...prerender.APP_SCREENS, ...SHELL_PARTS, 'palette', 'bulk', 'bulk-audit'])
  // Screen key -> its stylesheet's name in /assets/ without `.css`, kept short: every page carries it.
  const sheetName = (file) => relative(assets, join(root, file)).replace(/\.css$/, '')
  const screenStyles = {
    ...Object.fromEntries(Object.keys(screenOutputs).filter(screenCss).map((key) => [key, sheetName(screenCss(key))])),
    palettes: sheetName(palettesCss),
  }
  // Every sheet's name in one file; a page names only those its visitor needs first (src/lib/screen-styles.ts).
  const stylesText = JSON.stringify(screenStyles)
  const stylesList = `screen-styles-${createHash('sha256').update(stylesText).digest('hex').slice(0, 8).toUpperCase()}`
  writeFileSync(join(assets, `${stylesList}.json`), stylesText)
  const publicScreens = [...new Set([...PAGES, NOT_FOUND_PAGE].map((entry) => entry.screen))]
  /** A public page names the public screens and what signing in opens; an /app page its own screen and the shell. */
  const stylesFor = (screens) => scriptJson({ ...Object.fromEntries(screens.filter((key) => screenStyles[key]).map((key) => [key, screenStyles[key]])), '*': stylesList })
  const template = readFileSync(join(root, 'index.html'), 'utf8').replace(
    /<script>([\s\S]*?)<\/script>/,
    (_, code) => `<script>${esbuild.transformSync(code, { minify: true, target: TARGET }).code.trim()}</script>`,
  )
  // The server's page policy lets a page connect to the origin in data-live-reload.
  const reload = watch
    ? `<script data-live-reload="http://localhost:${RELOAD_PORT}/">new EventSource(document.currentScript.dataset.liveReload).onmessage=()=>location.reload()</script>`
    : ''
  const inline = (file, key) => `<style${key ? ` data-screen="${key}"` : ''}>${readFileSync(join(root, file), 'utf8')}</style>`
  // What a page says when the console's code cannot be downloaded, in every language (index.html).
  const locales = readdirSync(join(root, 'locales')).filter((name) => name.endsWith('.json'))
  const bootFailed = `<script type="application/json" id="boot-texts">${bootTexts(Object.fromEntries(locales.map((name) => [name.slice(0, -'.json'.length), JSON.parse(readFileSync(join(root, 'locales', name), 'utf8'))])))}</script>`

  // The /app pages' start scripts (src/app/start-page.ts): the /app page's finds the screen from
  // the address; each screen's page carries one built for that screen alone, with its first requests only.
  const buildStart = async (stdin, logOverride = {}) =>
    minifyScript(
      (
        await esbuild.build({ absWorkingDir: root, stdin: { ...stdin, resolveDir: root, loader: 'ts' }, bundle: true, format: 'iife', minify: true, target: TARGET, define: clientOptions.define, write: false, logLevel: 'warning', logOverride })
      ).outputFiles[0].text.trim(),
    )
  const genericStart = await buildStart({ contents: `import './src/app/start'`, sourcefile: 'start.ts' })
  /**
   * A screen's start script, with its first requests only: `<screen>First` (in camel case) in
   * first-requests.ts, read as a namespace's member so that a screen asking for nothing first
   * (profile, the demo pages) reads undefined, and the bundle keeps that one export alone.
   */
  const screenStart = ({ screen, right }) =>
    buildStart({
      sourcefile: `start-${screen}.ts`,
      contents: [
        `import { startPage } from './src/app/start-page'`,
        `import * as firstRequests from './src/app/first-requests'`,
        `startPage({ screen: ${JSON.stringify(screen)}, right: ${JSON.stringify(right)}, first: (firstRequests as Record<string, never>)[${JSON.stringify(`${screen.replace(/-(\w)/g, (_, letter) => letter.toUpperCase())}First`)}] })`,
      ].join('\n'),
    }, { 'import-is-undefined': 'silent' })
  // Each /app address has its own page, naming the shell's files and its screen's only:
  // `{ files: [names in /assets/], shell: [indexes into files], drawer: [...], <screen>: [indexes] }`.
  const mainClosure = staticClosure(meta, main)
  const drawerOutput = outputFor(meta, 'src/app/shell/drawer.tsx')
  const routeFilesFor = (screen) => {
    const routeFiles = { files: [] }
    const indexOf = (file) => {
      const name = relative(assets, join(root, file))
      const at = routeFiles.files.indexOf(name)
      return at >= 0 ? at : routeFiles.files.push(name) - 1
    }
    for (const key of ['shell', screen]) {
      const files = [...staticClosure(meta, screenOutputs[key])].filter((file) => !mainClosure.has(file))
      routeFiles[key] = [...files, ...(screenCss(key) ? [screenCss(key)] : [])].map(indexOf)
    }
    // The small screen's drawer, a later part of the shell: the start script names it on a small screen.
    const shellFiles = staticClosure(meta, screenOutputs.shell)
    routeFiles.drawer = [...staticClosure(meta, drawerOutput)].filter((file) => !mainClosure.has(file) && !shellFiles.has(file)).map(indexOf)
    return routeFiles
  }

  const page = async ({ path, screen, mode, title, page: name, right }) => {
    const startScript = mode === 'shell' ? (name === APP_PAGE.page ? genericStart : await screenStart({ screen, right })) : ''
    const body = await prerender.renderPage(path, mode === 'shell' ? undefined : screen)
    const screenOut = mode === 'page' ? screenOutputs[screen] : undefined
    const preloads = new Set([...staticClosure(meta, main), ...(screenOut ? staticClosure(meta, screenOut) : [])])
    preloads.delete(main)
    const head = [
      inline(stylesCss),
      screenOut && screenCss(screen) ? inline(screenCss(screen), screen) : '',
      ...[...preloads].map((file) => `<link rel="modulepreload" href="${url(file)}">`),
      bootFailed,
      `<script type="application/json" id="screen-styles">${stylesFor(mode === 'shell' ? ['shell', screen, ...STARTING_PARTS] : [...publicScreens, 'shell', 'home'])}</script>`,
      mode === 'shell' ? `<script type="application/json" id="route-files">${scriptJson(routeFilesFor(screen))}</script><script>${startScript}</script>` : '',
    ].join('')
    return fillPage(template, {
      title: escapeHtml(title ? `${title} | ${BRAND.name}` : BRAND.name),
      description: escapeHtml(BRAND.description),
      head,
      palettes: url(palettesCss),
      mode,
      body,
      scripts: `<script type="module" src="${url(main)}"></script>${reload}`,
    })
  }

  mkdirSync(join(out, 'pages'), { recursive: true })
  const manifest = { pages: {}, main: url(main) }
  const written = new Set()
  const appPages = [{ ...APP_PAGE, screen: 'home' }, ...prerender.APP_ROUTE_PAGES].map((entry) => ({ ...entry, mode: 'shell' }))
  for (const entry of [...PAGES, { ...NOT_FOUND_PAGE, mode: 'page' }, ...appPages]) {
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
  if (watch) writeFileSync(join(out, 'sw.js'), RETIRING_WORKER)
  else await writeServiceWorker(meta, { main, also: [relative(root, join(assets, `${stylesList}.json`))] })

  writeFileSync(join(out, 'metafile.json'), JSON.stringify(meta))
  if (quick) return
  if (!watch) await compressTree(out, compressionCache(root))
  const report = sizeReport({ root, out, meta, keep, downloads: downloads(meta, { main, screenOutputs, screenCss, manifest, publicScreens, appScreens: [...new Set(prerender.APP_SCREENS)], appPaths: Object.fromEntries(prerender.APP_ROUTE_PAGES.map((entry) => [entry.screen, entry.path.slice('/app'.length)])) }) })
  writeFileSync(join(out, 'size-report.json'), JSON.stringify({ flavour, ...report }, null, 2))
  printReport(flavour, report, { full: args.has('--report'), out: relative(root, out) })
  if (withServer) writeDocs(modules)
}

/**
 * esbuild gives each entry point one stylesheet with the styles of every module it reaches, so
 * each signed-in screen's sheet repeated the shell's (the kits' menus, icons, dialogs), though the
 * shell's sheet is always on the page first. Each /app screen's sheet keeps only the styles of
 * modules the shell's sheet lacks, cut at the module boundaries the metafile gives (each input's
 * bytes, in order), under a name hashed from what it now holds.
 */
function withoutShellStyles(meta, screenOutputs, appScreens) {
  const shellSheet = meta.outputs[screenOutputs.shell].cssBundle
  // In dev mode the sheets carry comments and source maps the metafile does not count; bytes do not matter there.
  if (!shellSheet || watch) return
  const inShell = new Set(Object.keys(meta.outputs[shellSheet].inputs))
  for (const key of new Set(appScreens)) {
    const output = meta.outputs[screenOutputs[key]]
    const sheet = output.cssBundle
    if (!sheet || sheet === shellSheet) continue
    const text = readFileSync(join(root, sheet))
    const inputs = Object.entries(meta.outputs[sheet].inputs)
    // The inputs' bytes, then a closing newline.
    const counted = inputs.reduce((sum, [, input]) => sum + input.bytesInOutput, 0)
    if (text.subarray(counted).toString().trim() !== '') {
      throw new Error(`${sheet}: its inputs' bytes do not add up to the file; cannot cut it`)
    }
    const kept = []
    const parts = []
    let at = 0
    for (const [input, { bytesInOutput }] of inputs) {
      if (!inShell.has(input)) {
        kept.push([input, { bytesInOutput }])
        parts.push(text.subarray(at, at + bytesInOutput))
      }
      at += bytesInOutput
    }
    if (!kept.length) {
      delete output.cssBundle
      continue
    }
    const contents = Buffer.concat([...parts, Buffer.from('\n')])
    const hash = createHash('sha256').update(contents).digest('hex').slice(0, 8).toUpperCase()
    const trimmed = sheet.replace(/-[A-Z0-9]+\.css$/, `-${hash}.css`)
    writeFileSync(join(root, trimmed), contents)
    meta.outputs[trimmed] = { ...meta.outputs[sheet], inputs: Object.fromEntries(kept), bytes: contents.length }
    output.cssBundle = trimmed
  }
}

/**
 * What a visitor downloads: the sign-in page; the first signed-in load of /app (the shell page,
 * the shell and the home screen with their CSS); each /app screen opened first with a cold cache
 * (`routes`); and for each other screen of the console, its own chunk and CSS, and all that
 * opening it fetches after that first load (with the chunks it shares with other screens, such as
 * the list kit).
 */
function downloads(meta, { main, screenOutputs, screenCss, manifest, publicScreens, appScreens, appPaths }) {
  const page = (key) => relative(root, join(out, 'pages', manifest.pages[key]))
  const css = (key) => (screenCss(key) ? [screenCss(key)] : [])
  const load = (key) => [...staticClosure(meta, screenOutputs[key]), ...css(key)]
  const appPage = [page('app'), ...staticClosure(meta, main), ...load('shell'), ...load('home')]
  const loaded = new Set(appPage)
  const consoleScreens = Object.keys(screenOutputs).filter((key) => !['shell', 'home', ...publicScreens].includes(key))
  // Opening each /app screen first, from a cold cache: the page, the entry, the shell and the screen.
  const first = (key) => [page(`/app${appPaths[key]}`), ...staticClosure(meta, main), ...load('shell'), ...load(key)]
  return {
    signInPage: [page('/login'), ...staticClosure(meta, main), ...staticClosure(meta, screenOutputs['sign-in'])],
    appPage,
    routes: Object.fromEntries(appScreens.map((key) => [key, first(key)])),
    screens: Object.fromEntries(
      consoleScreens.map((key) => [
        key,
        { own: [screenOutputs[key], ...css(key)], open: load(key).filter((file) => !loaded.has(file)) },
      ]),
    ),
  }
}

/**
 * In dev mode no worker keeps anything: this one, fetched when a page looks for a new build,
 * clears what a production build's worker kept on this origin and unregisters itself, so the
 * page shows what was just built.
 */
const RETIRING_WORKER = `self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(
  caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith('console-')).map((name) => caches.delete(name))))
    .then(() => self.registration.unregister())
))
`

/**
 * `sw.js`: the service worker of this build, with the build's id and the files it keeps: the
 * /app page and all the code and styles the console may load, lazily loaded parts too, with the
 * list of every screen's sheet (the other languages' texts are kept as they are first used).
 */
async function writeServiceWorker(meta, { main, also }) {
  // Everything the console may load, lazily loaded parts too, but the other languages' texts.
  const languages = readdirSync(join(root, 'locales')).filter((name) => name.endsWith('.json') && name !== 'en.json').map((name) => name.slice(0, -5))
  const other = new RegExp(`/(?:${languages.join('|')})-[A-Z0-9]+\\.js$`)
  const files = [...reachable(meta, [main], [])].filter((file) => /\.(js|css)$/.test(file) && !other.test(file))
  // Each screen's styles (they load beside its code) and the palettes.
  for (const file of Object.keys(meta.outputs)) if (file.endsWith('.css')) files.push(file)
  files.push(...also)
  const list = ['/app', '/login', ...[...new Set(files)].filter((file) => existsSync(join(root, file))).sort().map(url)]
  const id = createHash('sha256').update(list.join('\n')).update(readFileSync(join(out, 'pages/app.html'))).digest('base64url').slice(0, 12)
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/sw.ts'],
    outfile: join(out, 'sw.js'),
    bundle: true,
    format: 'iife',
    minify: true,
    target: TARGET,
    define: { BUILD_ID: JSON.stringify(id), BUILD_FILES: JSON.stringify(list) },
    logLevel: 'warning',
  })
}

/** The sources of each screen for the Show Code panel, beside the server bundle. */
function writeDocs(modules) {
  mkdirSync(join(root, 'dist/server'), { recursive: true })
  writeFileSync(join(root, 'dist/server/docs.json'), JSON.stringify(screenSources(root, modules)))
}

async function buildServer() {
  if (!existsSync(join(root, serverOptions.entryPoints[0]))) return
  await esbuild.build(serverOptions)
  await writeOpenApi()
  // The agent devices run, served by the server from beside its bundle.
  await buildAgent(root, join(root, 'dist'))
}

/**
 * The API's description (`dist/server/openapi.json`), generated from the route groups'
 * declarations and the contract's structs by running `src/server/openapi/write.ts` once.
 */
async function writeOpenApi() {
  const script = join(root, 'node_modules/.cache/openapi-write.mjs')
  await esbuild.build({ ...serverOptions, entryPoints: ['src/server/openapi/write.ts'], outfile: script, sourcemap: false, metafile: false })
  const ran = spawnSync(process.execPath, [script, join(root, 'dist/server/openapi.json')], { cwd: root, encoding: 'utf8' })
  if (ran.status !== 0) throw new Error(`writing dist/server/openapi.json failed: ${ran.stderr}`)
}

async function once() {
  rmSync(out, { recursive: true, force: true })
  const result = await esbuild.build(clientOptions)
  await finish(result)
  if (withServer) await buildServer()
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
  const client = await esbuild.context({ ...clientOptions, plugins: [...clientOptions.plugins, notify] })
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
