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

const STATIC_IMPORT = /^[ \t]*(?:import|export)\s+(?:([^'"]*?)\s+from\s+)?(['"])(\.{1,2}\/[^'"]+)\2/gm
/** A clause that brings only types (`type X`, `{ type A, type B }`), which the bundler drops. */
const typesOnly = (clause) => /^type\s/.test(clause) || /^\{\s*(?:type\s+[\w$]+(?:\s+as\s+[\w$]+)?\s*,?\s*)+\}$/.test(clause)

/**
 * The static imports of each module of `srcDir` by relative path (those of types only aside),
 * resolved to files: what loading the module loads with it. Packages are left out.
 */
export function importGraph(srcDir) {
  const graph = new Map()
  for (const file of sourceFiles(srcDir)) {
    const imports = []
    for (const [, clause, , specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (clause && typesOnly(clause.trim())) continue
      // Text that only looks like an import (in a comment or a string) resolves to nothing.
      try {
        imports.push(resolveSource(file, specifier))
      } catch {}
    }
    graph.set(file, imports)
  }
  return graph
}

/**
 * Whether loading `from` loads, through static imports, a module that the kit module `kit`
 * names itself (the modules of kits it names aside): whether `from` uses that kit.
 */
export function usesKit(graph, from, kit) {
  const own = new Set((graph.get(kit) ?? []).filter((path) => dirname(path) !== dirname(kit)))
  const seen = new Set()
  const stack = [from]
  while (stack.length) {
    const path = stack.pop()
    if (seen.has(path)) continue
    seen.add(path)
    if (own.has(path)) return true
    stack.push(...(graph.get(path) ?? []))
  }
  return false
}

/**
 * The esbuild plugin. `kitsOf(path, lazy, uses)` answers the kit modules (absolute paths) that
 * the module at `path` names first, `lazy` telling whether it is an `import()` target and
 * `uses(kit)` whether it loads a module of that kit (see usesKit); none leaves it as it is. The
 * imports go on the module's first line, so its other lines keep their numbers.
 * `transform(code, path)`, if given, rewrites each module of `srcDir` on its way in.
 */
export function chunkGroups({ srcDir, kitsOf, transform }) {
  return {
    name: 'chunk-groups',
    setup(build) {
      let lazy = new Set()
      let graph = new Map()
      build.onStart(() => {
        lazy = lazyEntries(srcDir)
        graph = importGraph(srcDir)
      })
      build.onLoad({ filter: CODE }, (args) => {
        if (!args.path.startsWith(srcDir)) return undefined
        const uses = (kit) => usesKit(graph, args.path, kit)
        const kits = kitsOf(args.path, lazy.has(args.path), uses).filter((kit) => kit !== args.path)
        const source = readFileSync(args.path, 'utf8')
        const code = transform ? transform(source, args.path) : source
        if (!kits.length && code === source) return undefined
        const imports = kits.map((kit) => `import ${JSON.stringify(kit)};`).join('')
        return { contents: imports + code, loader: extname(args.path).slice(1), resolveDir: dirname(args.path) }
      })
    },
  }
}
