import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ROUTES_FILE, SCREENS_FILE, screenKeys, screenModules, screenSources } from '../../../src/build/screens.mjs'

const real = process.cwd()
const source = readFileSync(join(real, SCREENS_FILE), 'utf8')
/** Every `import('...')` of the real screens file, as esbuild would list it in the metafile. */
const specifiers = [...source.matchAll(/import\((['"])([^'"]+)\1\)/g)].map(([, , specifier = '']) => specifier)
const meta = {
  inputs: {
    [SCREENS_FILE]: { imports: specifiers.map((original) => ({ kind: 'dynamic-import', original, path: `resolved:${original}` })) },
  },
}

let root: string
test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), 'screens-'))
  mkdirSync(join(root, 'src/app'), { recursive: true })
  cpSync(join(real, ROUTES_FILE), join(root, ROUTES_FILE))
})
test.after.each(() => rmSync(root, { recursive: true, force: true }))

const withScreens = (text: string) => writeFileSync(join(root, SCREENS_FILE), text)

test('finds the code of every ScreenKey in the real screens file', () => {
  withScreens(source)
  const modules = screenModules(root, meta)
  assert.equal(Object.keys(modules).sort(), screenKeys(root).sort())
  assert.is(modules.home, 'resolved:../features/home/home-screen')
  assert.ok(specifiers.length >= Object.keys(modules).length)
})

test('reads keys and imports however they are quoted and laid out', () => {
  withScreens(source.replace(/'/g, '"').replace(/\(\) => import/g, '() =>\n    import'))
  assert.equal(Object.keys(screenModules(root, meta)).sort(), screenKeys(root).sort())
})

test('names a screen whose code it cannot read', () => {
  withScreens(source.replace("import('../features/home/home-screen')", "import(HOME)"))
  assert.throws(
    () => screenModules(root, meta),
    (error: Error) =>
      error.message.includes('screen home has no') && error.message.includes("import('../features/home/home-screen') in src/app/screens.ts belongs to no screen"),
  )
})

test('names a loader that is no ScreenKey', () => {
  withScreens(source.replace('  home: () =>', '  hmoe: () =>'))
  assert.throws(() => screenModules(root, meta), /screen hmoe is not in the ScreenKey list[\s\S]*screen home has no/)
})

test('Show Code gets a screen and the modules beside it that it imports', () => {
  const dir = join(root, 'src/features/x')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'x-screen.tsx'), 'import { a } from "./a"\nimport type { B } from \'./b\'\nimport s from "./x.module.css"\nimport { c } from "../c"\n')
  for (const name of ['a.ts', 'b.tsx']) writeFileSync(join(dir, name), `// ${name}\n`)
  assert.equal(
    screenSources(root, { x: 'src/features/x/x-screen.tsx' }).x?.map((record) => record.name),
    ['src/features/x/x-screen.tsx', 'src/features/x/a.ts', 'src/features/x/b.tsx'],
  )
})

test.run()
