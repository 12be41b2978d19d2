// Fewer, right-sized files for the browser. esbuild's code splitting puts each module in a file
// shared by exactly the set of entry points (the page's script and every `import()` target) that
// reach it, so code used by the devices, users and tunnels screens but not the roles screen lands
// in a file of its own, and a screen opened first asked for some 45 files, many under 1 KiB.
// esbuild has no setting for this (evanw/esbuild#207, #2419), but the sets are ours to shape: each
// `import()` target names its kits first (a side-effect import added here as it loads), so every
// module of a kit is reached by the same entry points and the kit lands in one file.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, extname, join, relative, resolve } from 'node:path'

const CODE = /\.(ts|tsx|js|jsx|mjs)$/
const DYNAMIC_IMPORT = /\bimport\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)/g
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path
  }
}

const resolveSource = (from, specifier) => {
  const base = resolve(dirname(from), specifier)
  for (const ending of EXTENSIONS) {
    const path = base + ending
    if (existsSync(path) && statSync(path).isFile()) return path
  }
  throw new Error(`chunk groups: ${relative(process.cwd(), from)} imports ${specifier}, which is no file`)
}

/** Every module of `srcDir` named in an `import()` with a literal path: the lazy entry points. */
export function lazyEntries(srcDir) {
  const entries = new Set()
  for (const file of sourceFiles(srcDir)) {
    for (const [, , specifier] of readFileSync(file, 'utf8').matchAll(DYNAMIC_IMPORT)) {
      const target = resolveSource(file, specifier)
      if (CODE.test(target)) entries.add(target)
    }
  }
  return entries
}

/**
 * The esbuild plugin. `kitsOf(path, lazy)` answers the kit modules (absolute paths) that the
 * module at `path` names first, `lazy` telling whether it is an `import()` target; none leaves
 * it as it is. The imports go on the module's first line, so its other lines keep their numbers.
 * `transform(code, path)`, if given, rewrites each module of `srcDir` on its way in.
 */
export function chunkGroups({ srcDir, kitsOf, transform }) {
  return {
    name: 'chunk-groups',
    setup(build) {
      let lazy = new Set()
      build.onStart(() => {
        lazy = lazyEntries(srcDir)
      })
      build.onLoad({ filter: CODE }, (args) => {
        if (!args.path.startsWith(srcDir)) return undefined
        const kits = kitsOf(args.path, lazy.has(args.path)).filter((kit) => kit !== args.path)
        const source = readFileSync(args.path, 'utf8')
        const code = transform ? transform(source, args.path) : source
        if (!kits.length && code === source) return undefined
        const imports = kits.map((kit) => `import ${JSON.stringify(kit)};`).join('')
        return { contents: imports + code, loader: extname(args.path).slice(1), resolveDir: dirname(args.path) }
      })
    },
  }
}
