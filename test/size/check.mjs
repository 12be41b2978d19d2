// Builds both flavours and holds each to the byte budgets of budgets.json.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/** Where the `--no-demo` build goes, apart from the flavours' builds. */
const NO_DEMO_OUT = 'dist/no-demo'

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`

/**
 * The checks of one flavour: `limits` mirrors the size report (`signInPage`, `appPage`,
 * `screens.<key>.own`, ...); a number is the most bytes that measure may reach, `files` the most
 * files the download may take (each one a request), and `without` lists source folders none of
 * the download's files may be built from; keys starting with `//` are notes.
 */
export function checkReport({ flavour, report, meta, limits, path = [] }) {
  const results = []
  for (const [key, limit] of Object.entries(limits)) {
    if (key.startsWith('//')) continue
    const at = [...path, key]
    const measured = at.reduce((part, name) => part?.[name], report)
    if (key === 'files') {
      const count = path.reduce((node, name) => node?.[name], report)?.files?.length ?? 0
      results.push({ pass: count > 0 && count <= limit, text: `${flavour} ${path.join(' ')} in ${count} files of ${limit}` })
    } else if (key === 'without') {
      const part = path.reduce((node, name) => node?.[name], report)
      const inputs = (part?.files ?? []).flatMap((file) => Object.keys(meta.outputs[`dist/${flavour}/${file}`]?.inputs ?? {}))
      const found = [...new Set(inputs.filter((input) => limit.some((folder) => input.startsWith(folder))))]
      const pass = Boolean(part?.files?.length) && !found.length
      results.push({ pass, text: `${flavour} ${path.join('.')} is built without ${limit.join(', ')}${found.length ? `: has ${found.join(', ')}` : ''}` })
    } else if (typeof limit === 'number') {
      const pass = typeof measured === 'number' && measured > 0 && measured <= limit
      results.push({ pass, text: `${flavour} ${at.join(' ')} ${kib(measured ?? 0)} of ${kib(limit)}` })
    } else {
      results.push(...checkReport({ flavour, report, meta, limits: limit, path: at }))
    }
  }
  return results
}

/**
 * A build made with `--no-demo` holds no demo page: no module of `src/demo/` but the empty one
 * the screen table loads in their place, no demo route in the /app page, no demo menu entry.
 */
async function checkWithoutDemo(root) {
  // A build to look into, in a folder of its own, while the budgets' builds run beside it.
  const build = await buildAsync(root, ['--no-demo', '--quick', `--out=${NO_DEMO_OUT}`])
  if (build.status !== 0) return [{ pass: false, text: `build --no-demo\n${build.stderr}` }]
  const meta = JSON.parse(readFileSync(join(root, NO_DEMO_OUT, 'metafile.json'), 'utf8'))
  const demo = Object.keys(meta.inputs).filter((input) => input.startsWith('src/demo/') && input !== 'src/demo/no-demo.tsx')
  const page = readFileSync(join(root, NO_DEMO_OUT, 'pages/app.html'), 'utf8')
  const code = Object.keys(meta.outputs)
    .filter((file) => file.endsWith('.js') && existsSync(join(root, file)))
    .map((file) => readFileSync(join(root, file), 'utf8'))
    .join('\n')
  return [
    { pass: demo.length === 0, text: `react --no-demo is built without src/demo/${demo.length ? `: has ${demo.join(', ')}` : ''}` },
    { pass: !page.includes('demo-task'), text: 'react --no-demo names no demo screen in the /app page' },
    { pass: !code.includes('/pages/task') && !code.includes('menu.demo'), text: 'react --no-demo has no demo route or menu entry' },
  ]
}

/**
 * Each /app address has a page of its own that names for preloading the shell's files and its
 * own screen's, not every screen's: `/app` is home's. The drawer's files, which a small screen
 * preloads with the shell's, are named apart.
 */
export function checkRoutePages(root, flavour) {
  const dist = join(root, 'dist', flavour)
  const { pages } = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'))
  const results = []
  for (const [address, name] of Object.entries(pages)) {
    if (address !== 'app' && !address.startsWith('/app/')) continue
    const page = readFileSync(join(dist, 'pages', name), 'utf8')
    const listed = /<script type="application\/json" id="route-files">(.*?)<\/script>/s.exec(page)
    const keys = listed ? Object.keys(JSON.parse(listed[1])) : []
    const screens = keys.filter((key) => key !== 'files' && key !== 'shell' && key !== 'drawer')
    const pass = keys.includes('shell') && keys.includes('drawer') && screens.length === 1 && (address !== 'app' || screens[0] === 'home')
    results.push({ pass, text: `${flavour} ${address === 'app' ? '/app' : address} names the shell, the drawer and one screen (${screens.join(', ')}) for preloading` })
  }
  return results.length ? results : [{ pass: false, text: `${flavour} has no /app page` }]
}

/** Runs `node build.mjs ...args` and resolves with its status and output. */
function buildAsync(root, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['build.mjs', ...args], { cwd: root })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}

/**
 * Builds both flavours and the `--no-demo` look-in build side by side (the Preact build leaves the
 * server's bundle to the React one), then holds each flavour to its budgets.
 */
export async function checkBudgets(root) {
  const budgets = JSON.parse(readFileSync(join(root, 'test/size/budgets.json'), 'utf8'))
  const flavours = Object.keys(budgets).filter((flavour) => !flavour.startsWith('//'))
  const [withoutDemo, ...builds] = await Promise.all([
    checkWithoutDemo(root),
    ...flavours.map((flavour) => buildAsync(root, flavour === 'preact' ? ['--preact', '--no-server'] : [])),
  ])
  let ok = true
  for (const { pass, text } of withoutDemo) {
    console.log(`  ${pass ? 'ok  ' : 'FAIL'} ${text}`)
    ok &&= pass
  }
  rmSync(join(root, NO_DEMO_OUT), { recursive: true, force: true })
  for (const [index, flavour] of flavours.entries()) {
    const build = builds[index]
    process.stdout.write(build.stdout)
    if (build.status !== 0) {
      console.log(`  FAIL build of ${flavour}\n${build.stderr}`)
      ok = false
      continue
    }
    const read = (name) => JSON.parse(readFileSync(join(root, 'dist', flavour, name), 'utf8'))
    for (const { pass, text } of checkRoutePages(root, flavour)) {
      if (!pass) console.log(`  FAIL ${text}`)
      ok &&= pass
    }
    for (const { pass, text } of checkReport({ flavour, report: read('size-report.json'), meta: read('metafile.json'), limits: budgets[flavour] })) {
      console.log(`  ${pass ? 'ok  ' : 'FAIL'} ${text}`)
      ok &&= pass
    }
  }
  return ok
}
