// Which code each screen loads, read with TypeScript's parser from `src/app/screens.ts` and
// checked against the ScreenKey list and what esbuild bundled, so no screen drops out unseen.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'

export const SCREENS_FILE = 'src/app/screens.ts'
export const ROUTES_FILE = 'src/app/route-table.ts'

const parse = (root, file) => ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true)

function walk(node, visit) {
  visit(node)
  ts.forEachChild(node, (child) => walk(child, visit))
}

/** `[key, specifier]` of every `key: () => import('specifier')` in the screens file. */
function loaders(root) {
  const found = []
  walk(parse(root, SCREENS_FILE), (node) => {
    if (!ts.isPropertyAssignment(node) || !(ts.isIdentifier(node.name) || ts.isStringLiteralLike(node.name))) return
    walk(node.initializer, (inner) => {
      const [first] = ts.isCallExpression(inner) && inner.expression.kind === ts.SyntaxKind.ImportKeyword ? inner.arguments : []
      if (first && ts.isStringLiteralLike(first)) found.push([node.name.text, first.text])
    })
  })
  return found
}

/** The members of `type ScreenKey = 'a' | 'b' | ...` in the route table. */
export function screenKeys(root) {
  let keys
  walk(parse(root, ROUTES_FILE), (node) => {
    if (!ts.isTypeAliasDeclaration(node) || node.name.text !== 'ScreenKey') return
    const members = ts.isUnionTypeNode(node.type) ? node.type.types : [node.type]
    keys = members.map((type) => (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal) ? type.literal.text : undefined))
  })
  if (!keys || keys.includes(undefined)) throw new Error(`${ROUTES_FILE}: ScreenKey must be a union of string literals`)
  return keys
}

/**
 * Screen key -> the source file its `import()` loads, as esbuild resolved it (`meta` is the
 * client build's metafile). Throws, naming each, when a ScreenKey has no loader, a loader is no
 * ScreenKey, or an `import()` esbuild bundled from the screens file belongs to no screen.
 */
export function screenModules(root, meta) {
  const bundled = (meta.inputs[SCREENS_FILE]?.imports ?? []).filter((item) => item.kind === 'dynamic-import')
  const keys = screenKeys(root)
  const modules = {}
  const problems = []
  for (const [key, specifier] of loaders(root)) {
    const item = bundled.find((entry) => entry.original === specifier)
    if (!item) problems.push(`screen ${key}: esbuild bundled no import('${specifier}')`)
    else if (!keys.includes(key)) problems.push(`screen ${key} is not in the ScreenKey list of ${ROUTES_FILE}`)
    else modules[key] = item.path
  }
  for (const key of keys) if (!(key in modules)) problems.push(`screen ${key} has no () => import('...') in ${SCREENS_FILE}`)
  const claimed = new Set(Object.values(modules))
  for (const item of bundled) if (!claimed.has(item.path)) problems.push(`import('${item.original}') in ${SCREENS_FILE} belongs to no screen`)
  if (problems.length) throw new Error(`cannot tell which code each screen loads:\n  ${problems.join('\n  ')}`)
  return modules
}

const sourceOf = (root, path) => ['.tsx', '.ts'].map((ext) => path + ext).find((file) => existsSync(join(root, file)))

/**
 * The sources the Show Code panel shows: for each screen, its module and the modules beside it
 * that it imports (type-only imports too), as `{ "<screen>": [{ name, source }] }`.
 */
export function screenSources(root, modules) {
  const docs = {}
  for (const [key, main] of Object.entries(modules)) {
    const siblings = new Set()
    for (const statement of parse(root, main).statements) {
      const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier
      const name = specifier && ts.isStringLiteral(specifier) && /^\.\/[\w-]+$/.test(specifier.text) && specifier.text
      const file = name && sourceOf(root, join(dirname(main), name))
      if (file) siblings.add(file)
    }
    docs[key] = [main, ...siblings].map((name) => ({ name, source: readFileSync(join(root, name), 'utf8') }))
  }
  return docs
}
