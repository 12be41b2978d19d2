// Bytes of what the build wrote, per file and per download a visitor makes.
import { gzipAsync } from '@gfx/zopfli'
import { createHash } from 'node:crypto'
import { accessSync, constants as fs, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, relative } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'

const gzip = (bytes) => gzipSync(bytes, { level: 9 })
const brotli = (bytes) => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })

/**
 * A file's compressed size as the server sends it: the .gz or .br written beside it (see
 * compressTree), else made here (a dev build writes none).
 */
const compressed = (path, bytes, suffix, compress) => (existsSync(path + suffix) ? statSync(path + suffix).size : compress(bytes).length)
const sizes = (path) => {
  const bytes = readFileSync(path)
  return { raw: bytes.length, gzip: compressed(path, bytes, '.gz', gzip), brotli: compressed(path, bytes, '.br', brotli) }
}

/** A kept answer no build has used for this long is removed. */
const CACHE_DAYS = 7

/**
 * gzip by zopfli: the same format any browser reads, some 3 % smaller than zlib's best, and some
 * hundred times slower. Files are named by their content, so each is squeezed once: the answers
 * are kept by the hash of what went in, under `cache`, and touched when used.
 */
async function zopfli(bytes, cache) {
  const kept = join(cache, `${createHash('sha256').update(bytes).digest('hex')}.gz`)
  if (existsSync(kept)) {
    const now = new Date()
    utimesSync(kept, now, now)
    return readFileSync(kept)
  }
  const squeezed = Buffer.from(await gzipAsync(bytes, { numiterations: 5 }))
  // Whole or not at all: builds running side by side may read the same answer.
  const part = `${kept}.${process.pid}.part`
  writeFileSync(part, squeezed)
  renameSync(part, kept)
  return squeezed
}

/**
 * Where zopfli's answers are kept: `COMPRESS_CACHE_DIR`, else the user's cache folder
 * (`XDG_CACHE_HOME` or `~/.cache`), shared by every clone of the console on the machine, so a
 * fresh clone does not squeeze again what an earlier build already squeezed; else, where the home
 * has no cache folder that can be written, `node_modules/.cache` of this clone.
 */
export function compressionCache(root) {
  if (process.env.COMPRESS_CACHE_DIR) return process.env.COMPRESS_CACHE_DIR
  const home = process.env.XDG_CACHE_HOME || (homedir() ? join(homedir(), '.cache') : '')
  if (home) {
    const dir = join(home, 'edgeline-console', 'zopfli')
    try {
      mkdirSync(dir, { recursive: true })
      accessSync(dir, fs.W_OK)
      return dir
    } catch {
      // Falls through to the clone's own folder.
    }
  }
  return join(root, 'node_modules/.cache/zopfli')
}

/**
 * Writes a .gz and a .br beside every text file, for the server to send as they are. The .gz is
 * zopfli's, with its answers kept in `cache`.
 */
export async function compressTree(dir, cache) {
  mkdirSync(cache, { recursive: true })
  const stale = Date.now() - CACHE_DAYS * 24 * 3600 * 1000
  for (const name of readdirSync(cache)) {
    // Another build may be pruning or writing the same folder.
    const kept = statSync(join(cache, name), { throwIfNoEntry: false })
    if (kept && kept.mtimeMs < stale) rmSync(join(cache, name), { force: true })
  }
  await compressDir(dir, cache)
}

async function compressDir(dir, cache) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) await compressDir(path, cache)
    else if (/\.(js|css|html|json|svg|map)$/.test(name)) {
      const bytes = readFileSync(path)
      writeFileSync(`${path}.gz`, await zopfli(bytes, cache))
      writeFileSync(`${path}.br`, brotli(bytes))
    }
  }
}

/** Static imports of output `file`, itself included: what the browser fetches before it runs. */
export function staticClosure(meta, file, seen = new Set()) {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const item of meta.outputs[file]?.imports ?? []) {
    if (item.kind === 'import-statement' && !item.external) staticClosure(meta, item.path, seen)
  }
  return seen
}

/** Every output reachable from `from`, following lazy imports too, with `styles` besides. */
export function reachable(meta, from, styles) {
  const seen = new Set(styles)
  const walk = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const item of meta.outputs[file]?.imports ?? []) if (!item.external) walk(item.path)
  }
  from.forEach(walk)
  return seen
}

/**
 * The size report: bytes of each output in `keep`, and of each download in `downloads`, a tree
 * whose leaves list the files a visitor fetches (relative to the working directory), each file
 * compressed on its own as the server sends it. Paths in the report are relative to `out`.
 */
export function sizeReport({ root, out, meta, keep, downloads }) {
  const name = (file) => relative(out, join(root, file))
  const files = [...keep]
    .filter((file) => meta.outputs[file])
    .sort()
    .map((file) => ({
      file: name(file),
      kind: file.endsWith('.css') ? 'css' : meta.outputs[file].entryPoint ? 'entry' : 'chunk',
      ...sizes(join(root, file)),
    }))
  const total = (parts) => {
    const sum = { raw: 0, gzip: 0, brotli: 0 }
    for (const part of parts) {
      const size = sizes(join(root, part))
      for (const key of Object.keys(sum)) sum[key] += size[key]
    }
    return { ...sum, files: parts.map(name) }
  }
  const measure = (tree) =>
    Object.fromEntries(
      Object.entries(tree).map(([key, value]) => [key, Array.isArray(value) ? total([...new Set(value)]) : measure(value)]),
    )
  return { files, ...measure(downloads) }
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10)
const line = (label, size) => `  ${label.padEnd(49)}${kib(size.raw)} ${kib(size.gzip)} ${kib(size.brotli)}`

/**
 * The first loads, and with `full` every file and screen; the whole report is also in
 * `<out>/size-report.json`, so a plain build does not bury what follows it.
 */
export function printReport(flavour, report, { full = false, out = `dist/${flavour}` } = {}) {
  console.log(`size report (${flavour})${' '.repeat(34)}raw       gzip     brotli`)
  if (full) for (const row of report.files) console.log(line(`${row.kind.padEnd(6)} ${row.file}`, row))
  console.log(line('sign-in page (html with its css, js)', report.signInPage))
  console.log(line('first signed-in load of /app (html, js, css)', report.appPage))
  if (!full) {
    console.log(`  ${report.files.length} files; each file and screen: ${out}/size-report.json, or node build.mjs --report`)
    return
  }
  for (const [key, size] of Object.entries(report.routes ?? {})) console.log(line(`  /app opened first on ${key}`, size))
  for (const [key, { own, open }] of Object.entries(report.screens)) {
    console.log(line(`  ${key}: own chunk and css`, own))
    console.log(line(`  ${key}: opening it after /app`, open))
  }
}
