// Holds the project to its floors (rules.mjs) with dependency-cruiser, and the server's folders to
// no knot: no two folders of src/server reach each other through their imports. Each breach is
// printed with the import that makes it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cruise } from 'dependency-cruiser'
import { EDGE, forbidden, options, ROOTS } from './rules.mjs'

const aboveTheDomain = (path) => [...EDGE, ...ROOTS].some((pattern) => new RegExp(pattern).test(path))

/**
 * A node of the server's folder graph: the folder right under src/server/ (`alerts`, `db`), or
 * the file itself for the files at the top (`messages.ts`), which are no folder of their own.
 */
const folderOf = (path) => {
  const rest = path.slice('src/server/'.length)
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : rest
}

/**
 * The groups of server folders that import each other in a ring (Tarjan's components), each with
 * the imports that tie it. Only the domain and storage count: a feature's `routes.ts` imports the
 * HTTP kit and the kit the feature's domain, which is the floors' own direction.
 */
export function folderKnots(modules) {
  const edges = new Map()
  const why = new Map()
  for (const module of modules) {
    if (!module.source.startsWith('src/server/') || aboveTheDomain(module.source)) continue
    const from = folderOf(module.source)
    for (const dependency of module.dependencies) {
      if (!dependency.resolved.startsWith('src/server/') || aboveTheDomain(dependency.resolved)) continue
      const to = folderOf(dependency.resolved)
      if (to === from) continue
      if (!edges.has(from)) edges.set(from, new Set())
      edges.get(from).add(to)
      const key = `${from} -> ${to}`
      if (!why.has(key)) why.set(key, `${module.source} -> ${dependency.resolved}`)
    }
  }
  let index = 0
  const stack = []
  const state = new Map()
  const knots = []
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true })
    index++
    stack.push(node)
    for (const next of edges.get(node) ?? []) {
      if (!state.has(next)) {
        visit(next)
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low)
      } else if (state.get(next).onStack) state.get(node).low = Math.min(state.get(node).low, state.get(next).index)
    }
    if (state.get(node).low === state.get(node).index) {
      const group = []
      let member
      do {
        member = stack.pop()
        state.get(member).onStack = false
        group.push(member)
      } while (member !== node)
      if (group.length > 1) {
        const ties = [...why].filter(([key]) => group.includes(key.split(' -> ')[0]) && group.includes(key.split(' -> ')[1])).map(([, tie]) => tie)
        knots.push({ folders: group.sort(), ties })
      }
    }
  }
  for (const node of edges.keys()) if (!state.has(node)) visit(node)
  return knots
}

/** What building or running a query looks like in TypeScript, past the imports the rules see. */
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|with)\(|\bsql(\.raw|\.ref|\.lit|\.join)?[`(]|\.transaction\(\)|\bdatabaseKind\(/g

/**
 * Server files outside db/ that build a query or ask which database it is: the import rules cannot
 * see a query built on a handle the file was given, so the text is read.
 */
export function queriesOutsideDb(baseDir, modules) {
  const lines = []
  for (const module of modules) {
    const path = module.source
    if (!path.startsWith('src/server/') || path.startsWith('src/server/db/') || !/\.tsx?$/.test(path)) continue
    const found = readFileSync(join(baseDir, path), 'utf8').match(QUERY)
    if (found) lines.push(`query-outside-db: ${path} (${found.length})`)
  }
  return lines
}

/**
 * Cruises `roots` from `baseDir`: the rules' breaches and the server's folder knots, as lines to
 * print (`rule: from -> to`; a knot's line ends with the imports that tie it, in brackets).
 */
export async function breaches(baseDir, roots = ['src']) {
  const cwd = process.cwd()
  process.chdir(baseDir)
  try {
    const { output } = await cruise(roots, { ...options, baseDir, validate: true, ruleSet: { forbidden, options } })
    const lines = output.summary.violations.map((violation) =>
      violation.cycle
        ? `${violation.rule.name}: ${violation.cycle.map((step) => step.name ?? step).join(' -> ')}`
        : `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
    )
    lines.push(...queriesOutsideDb(baseDir, output.modules))
    for (const knot of folderKnots(output.modules)) lines.push(`server-folder-knot: ${knot.folders.join(', ')} (${knot.ties.join('; ')})`)
    return lines
  } finally {
    process.chdir(cwd)
  }
}

/**
 * A back-import planted in a small tree of its own must be caught: the rules are proven to bite
 * on every run, not only to stay quiet.
 */
export async function plantedBreaches(dir) {
  const { mkdirSync, writeFileSync } = await import('node:fs')
  const { join } = await import('node:path')
  const files = {
    'src/server/http/errors.ts': 'export const status = 400\n',
    'src/server/db/devices.ts': "import { status } from '../http/errors'\nexport const rows = status\n",
    'src/server/alerts/service.ts':
      "import { status } from '../http/errors'\nimport { rows } from '../db/devices'\nexport const rule = status + rows\nexport const firing = (db: any) => db.selectFrom('alerts')\n",
    'src/features/devices/screen.ts': "import { other } from '../tunnels/screen'\nexport const screen = other\n",
    'src/features/tunnels/screen.ts': 'export const other = 1\n',
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }))
  return breaches(dir)
}
