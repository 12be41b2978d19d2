// Runs every check of the project: types, the architecture's floors, unit, API, size and browser tests.
// `node test/run.mjs [typecheck|architecture|unit|api|postgres|size|e2e ...]` runs a subset.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { cpus } from 'node:os'
import * as esbuild from 'esbuild'

const root = new URL('..', import.meta.url).pathname
const cache = join(root, 'node_modules/.cache/tests')
const wanted = process.argv.slice(2)
// `ONLY=people/users` runs just the test files whose path contains that text.
const only = process.env.ONLY
const layers = wanted.length ? wanted : ['typecheck', 'architecture', 'unit', 'api', 'postgres', 'size', 'e2e']

const find = (dir) =>
  existsSync(dir)
    ? readdirSync(dir).flatMap((name) => {
        const path = join(dir, name)
        if (statSync(path).isDirectory()) return find(path)
        return /\.test\.tsx?$/.test(name) && (!only || path.includes(only)) ? [path] : []
      })
    : []

/** A test file still running after this long is stopped and fails, so a hang cannot hold CI. */
const FILE_TIMEOUT_MS = 5 * 60_000
/** The longest browser file takes some 3 minutes on a loaded machine. */
const BROWSER_FILE_TIMEOUT_MS = 10 * 60_000

/** Runs a command; with `live` its output also goes straight through (one file at a time). */
const run = (command, args, env = {}, live = false, timeoutMs = 0) =>
  new Promise((resolve) => {
    // A group of its own, so that a stopped file's browsers and servers stop with it.
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env }, detached: true })
    const timer = timeoutMs
      ? setTimeout(() => {
          output += `\n(stopped: still running after ${timeoutMs / 1000} s)\n`
          try {
            process.kill(-child.pid, 'SIGKILL')
          } catch {
            child.kill('SIGKILL')
          }
        }, timeoutMs)
      : undefined
    let output = ''
    const take = (stream) => (chunk) => {
      output += chunk
      if (live) stream.write(chunk)
    }
    child.stdout.on('data', take(process.stdout))
    child.stderr.on('data', take(process.stderr))
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })

/**
 * Why a file that exited 0 still failed: uvu swallows an error thrown in a `before` or `after` hook
 * and exits 0 with its tests never run, so every test must be counted as passed or skipped.
 */
function notRun(output, files = 1) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '')
  // A batch prints one summary per file: they add up.
  const found = (label) => [...plain.matchAll(new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'gm'))].map((match) => Number(match[1]))
  if (found('Total').length < files) return 'no uvu summary: does the file end with test.run()?'
  const [total, passed, skipped] = ['Total', 'Passed', 'Skipped'].map((label) => found(label).reduce((sum, count) => sum + count, 0))
  const missing = total - passed - skipped
  return missing > 0 ? `${missing} of ${total} tests never ran: a before or after hook threw` : ''
}

/**
 * Bundles each test file for Node (packages stay imports) and runs them, `parallel` at a time;
 * with `batch`, that script runs several files in one process, `batchSize` of them at most.
 */
async function runFiles(layer, jobs, parallel, env, nodeArgs = [], envOf = () => ({}), { batch, batchSize = 1 } = {}) {
  if (!jobs.length) return true
  // A job is a file, or a file with an environment of its own (one build of a browser file).
  const files = [...new Set(jobs.map((job) => (typeof job === 'string' ? job : job.file)))]
  // One folder per run, so two runs at once (an editor's and a terminal's) do not delete each other's files.
  const outdir = join(cache, `${layer}-${process.pid}`)
  rmSync(outdir, { recursive: true, force: true })
  mkdirSync(outdir, { recursive: true })
  await esbuild.build({
    entryPoints: files,
    outdir,
    outbase: join(root, 'test'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    loader: { '.module.css': 'local-css', '.css': 'empty' },
    outExtension: { '.js': '.mjs' },
    sourcemap: 'inline',
    logLevel: 'warning',
  })
  const size = batch ? batchSize : 1
  const queue = Array.from({ length: Math.ceil(jobs.length / size) }, (_, index) => jobs.slice(index * size, (index + 1) * size))
  const took = []
  let ok = true
  const worker = async (slot) => {
    for (let jobsOf = queue.shift(); jobsOf; jobsOf = queue.shift()) {
      const group = jobsOf.map((job) => (typeof job === 'string' ? job : job.file))
      const own = Object.assign({}, ...jobsOf.map((job) => (typeof job === 'string' ? {} : job.env)))
      const outs = group.map((file) => join(outdir, relative(join(root, 'test'), file)).replace(/\.tsx?$/, '.mjs'))
      const name = jobsOf.map((job) => relative(root, typeof job === 'string' ? job : job.file) + (typeof job === 'string' ? '' : ` (${job.label})`)).join(' ')
      if (parallel === 1) console.log(`  ${name}`)
      const began = Date.now()
      const script = batch ? [batch, ...outs] : outs
      const result = await run(process.execPath, ['--enable-source-maps', ...nodeArgs, ...script], { ...env, ...envOf(slot), ...own }, parallel === 1, layer === 'e2e' ? BROWSER_FILE_TIMEOUT_MS : FILE_TIMEOUT_MS)
      took.push([group.length > 1 ? `${relative(root, group[0])} and ${group.length - 1} more` : name, Date.now() - began])
      const missed = result.code === 0 ? notRun(result.output, group.length) : ''
      if (result.code === 0 && !missed) console.log(`  ok  ${name}`)
      else {
        ok = false
        console.log(`  FAIL ${name}${missed ? ` (${missed})` : ''}\n${parallel === 1 ? '' : result.output}`)
      }
      if (process.env.VERBOSE && parallel > 1) console.log(result.output)
    }
  }
  await Promise.all(Array.from({ length: parallel }, (_, slot) => worker(slot)))
  rmSync(outdir, { recursive: true, force: true })
  // The slowest files, where a faster suite starts.
  const slowest = took.sort((a, b) => b[1] - a[1]).slice(0, 5)
  console.log(`  slowest: ${slowest.map(([name, ms]) => `${name.replace(/^test\//, '')} ${(ms / 1000).toFixed(1)} s`).join(', ')}`)
  return ok
}

/**
 * A database of the cluster at `url` migrated to the newest schema by the server's own migrations,
 * for the tests' databases to be made from (`CREATE DATABASE ... TEMPLATE`).
 */
async function migratedTemplate(url) {
  const name = 'console_template'
  const script = join(cache, `migrate-${process.pid}.mjs`)
  mkdirSync(cache, { recursive: true })
  await esbuild.build({
    stdin: {
      contents: `import { openDatabase } from './src/server/db/open'\nconst db = await openDatabase({ dataDir: '', databaseUrl: process.argv[2] })\nawait db.destroy()\n`,
      resolveDir: root,
      loader: 'ts',
    },
    outfile: script,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  })
  const target = new URL(url)
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  target.pathname = `/${name}`
  const result = await run(process.execPath, [script, target.toString()])
  rmSync(script, { force: true })
  if (result.code !== 0) throw new Error(`migrating the template database failed:\n${result.output}`)
  return name
}

/** Files that take longest (the runner prints them as the slowest), started first. */
const SLOWEST_FIRST = {
  e2e: ['axe-sweep', 'shell', 'offline', 'devices', 'layout', 'auth'],
  api: ['fuzz', 'fuzz-rest', 'fuzz-callers', 'agent', 'export', 'caps', 'readme', 'openapi', 'crash'],
}

/** The longest files first (the known slowest, then by size), so that the last to start does not run alone for long. */
const longestFirst = (files, slowest) => {
  const rank = (file) => {
    const known = slowest.findIndex((name) => file.endsWith(`/${name}.test.ts`))
    return known === -1 ? slowest.length : known
  }
  return files
    .map((file) => [file, rank(file), statSync(file).size])
    .sort((a, b) => a[1] - b[1] || b[2] - a[2])
    .map(([file]) => file)
}

/**
 * A browser file that tests both builds (it reads `BUILDS`) as two jobs, one per build, which run
 * side by side in the slots; any other file as one job.
 */
const perBuild = (file) =>
  /(?<!SCREEN_)\bBUILDS\b/.test(readFileSync(file, 'utf8')) ? ['react', 'preact'].map((build) => ({ file, env: { E2E_BUILD: build }, label: build })) : [file]

/**
 * API files at once: they wait on their servers' answers, timers and PostgreSQL as much as they
 * compute, so one more than the cores keeps the cores busy (`API_PARALLEL` sets it).
 */
const API_PARALLEL = Number(process.env.API_PARALLEL) || cpus().length + 1

const SQLITE_ONLY = ['/test/api/db/durability/', '/test/api/readme.test.ts']

const steps = {
  typecheck: async () => {
    const result = await run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'])
    if (result.code !== 0) console.log(result.output)
    return result.code === 0
  },
  architecture: async () => (await import('./architecture/run.mjs')).checkArchitecture(root),
  // Unit files share a process, UNIT_BATCH (8) of them at a time, each on a fresh page
  // (test/unit/batch.mjs): a process and its DOM cost more than most files' tests.
  unit: () =>
    runFiles(
      'unit',
      find(join(root, 'test/unit')),
      Math.max(1, cpus().length),
      { NODE_ENV: 'test' },
      ['--import', pathToFileURL(join(root, 'test/unit/dom.mjs')).href],
      undefined,
      { batch: join(root, 'test/unit/batch.mjs'), batchSize: Number(process.env.UNIT_BATCH) || 8 },
    ),
  api: () => runFiles('api', longestFirst(find(join(root, 'test/api')), SLOWEST_FIRST.api), API_PARALLEL, { NODE_ENV: 'test' }),
  // The API suite again on a throwaway PostgreSQL cluster, then the tests of several processes on one database.
  postgres: async () => {
    const { startCluster } = await import('./postgres-cluster.mjs')
    const cluster = await startCluster()
    try {
      const template = await migratedTemplate(cluster.url)
      const env = { NODE_ENV: 'test', TEST_DATABASE_URL: cluster.url, TEST_DATABASE_TEMPLATE: template }
      // Tests of SQLite's own file (crash, full disk, backup) and of the README's default commands stay on SQLite.
      const suite = longestFirst(find(join(root, 'test/api')).filter((file) => !SQLITE_ONLY.some((part) => file.includes(part))), SLOWEST_FIRST.api)
      const apiOk = await runFiles('postgres-api', suite, API_PARALLEL, env)
      const shared = await runFiles('postgres', find(join(root, 'test/postgres')), 1, env)
      return apiOk && shared
    } finally {
      cluster.stop()
    }
  },
  size: async () => (await import('./size/check.mjs')).checkBudgets(root),
  // Browser tests wait on pages more than they compute: three files run at once (E2E_PARALLEL),
  // each against consoles of its own.
  e2e: async () =>
    (await import('./e2e/runner.mjs')).runBrowserTests(
      root,
      (files, envOf, slots) => runFiles('e2e', longestFirst(files, SLOWEST_FIRST.e2e).flatMap(perBuild), slots, {}, [], envOf),
      Number(process.env.E2E_PARALLEL) || 3,
    ),
}

let failed = []
const times = []
const began = Date.now()
/** Runs one layer and notes its time and result. */
async function runLayer(layer) {
  const started = Date.now()
  const ok = await steps[layer]()
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`# ${layer} ${ok ? 'passed' : 'FAILED'} in ${seconds} s`)
  times.push(`${layer} ${seconds} s`)
  if (!ok) failed.push(layer)
}
for (const layer of layers) if (!steps[layer]) throw new Error(`unknown test layer ${layer}`)
// The type check runs on one core and prints only its errors: it runs beside the layers after it.
const beside = []
for (const layer of layers) {
  console.log(`# ${layer}`)
  if (layer === 'typecheck' && layer !== layers.at(-1)) beside.push(runLayer(layer))
  else await runLayer(layer)
}
await Promise.all(beside)
// Every layer's time together, where a slower suite shows first.
console.log(`# times: ${times.join(', ')}; in all ${((Date.now() - began) / 1000).toFixed(1)} s`)
if (failed.length) {
  console.log(`failed: ${failed.join(', ')}`)
  process.exit(1)
}
