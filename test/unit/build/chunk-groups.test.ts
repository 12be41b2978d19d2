import * as esbuild from 'esbuild'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { chunkGroups, importGraph, lazyEntries, usesKit } from '../../../src/build/chunk-groups.mjs'

let root: string
let src: string

/**
 * A page script that opens three screens lazily; they share three helpers, each screen a
 * different pair of them, so plain code splitting makes a file per pair.
 */
function writeApp() {
  mkdirSync(join(src, 'kits'), { recursive: true })
  const files: Record<string, string> = {
    'main.ts': `export const open = (n: number) => [() => import('./one'), () => import('./two'), () => import("./three.ts")][n]!()`,
    'a.ts': `export const a = () => 'a'.repeat(3)`,
    'b.ts': `export const b = () => 'b'.repeat(3)`,
    'c.ts': `export const c = () => 'c'.repeat(3)`,
    'one.ts': `import { a } from './a'\nimport { b } from './b'\nexport default () => a() + b()`,
    'two.ts': `import { b } from './b'\nimport { c } from './c'\nexport default () => b() + c()`,
    'three.ts': `import { a } from './a'\nimport { c } from './c'\nexport default () => a() + c()`,
    'kits/shared.ts': `import '../a'\nimport '../b'\nimport '../c'\n`,
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(src, name), text)
}

async function build(kitsOf?: (path: string, lazy: boolean) => string[]) {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [join(src, 'main.ts')],
    outdir: join(root, 'out'),
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: kitsOf ? [chunkGroups({ srcDir: src, kitsOf })] : [],
  })
  const outputs = Object.entries(result.metafile.outputs)
  return {
    chunks: outputs.filter(([, output]) => !output.entryPoint).map(([, output]) => Object.keys(output.inputs).sort()),
    outputFiles: result.outputFiles,
  }
}

test.before.each(() => {
  root = mkdtempSync(join(tmpdir(), 'chunk-groups-'))
  src = join(root, 'src')
  writeApp()
})
test.after.each(() => rmSync(root, { recursive: true, force: true }))

test('finds the modules named in import() with a literal path', () => {
  assert.equal([...lazyEntries(src)].map((path) => path.slice(src.length + 1)).sort(), ['one.ts', 'three.ts', 'two.ts'])
})

test('without kits every pair of screens gets a file of its own', async () => {
  const { chunks } = await build()
  assert.equal(chunks.sort(), [['src/a.ts'], ['src/b.ts'], ['src/c.ts']])
})

test('screens that name a kit share it as one file, and still run', async () => {
  const kit = join(src, 'kits/shared.ts')
  const { chunks, outputFiles } = await build((_path, lazy) => (lazy ? [kit] : []))
  assert.equal(chunks, [['src/a.ts', 'src/b.ts', 'src/c.ts']])
  // The screens' code is untouched but for the kit's import on their first line.
  const out = join(root, 'out')
  mkdirSync(out, { recursive: true })
  for (const file of outputFiles) writeFileSync(file.path, file.text)
  writeFileSync(join(out, 'package.json'), '{"type":"module"}')
  const main = (await import(join(out, 'main.js'))) as { open: (n: number) => Promise<{ default: () => string }> }
  assert.equal(await Promise.all([0, 1, 2].map(async (n) => (await main.open(n)).default())), ['aaabbb', 'bbbccc', 'aaaccc'])
})

test('tells which screens load a module of a kit, through their static imports but not their types', () => {
  writeFileSync(join(src, 'kits/form.ts'), `import './shared'\nimport '../d'\n`)
  writeFileSync(join(src, 'd.ts'), `export type D = string\nexport const d = () => 'd'`)
  writeFileSync(join(src, 'e.ts'), `import { d } from './d'\nexport const e = () => d()`)
  writeFileSync(join(src, 'one.ts'), `import { a } from './a'\nimport type { D } from './d'\nexport default (x: D) => a() + x`)
  writeFileSync(join(src, 'two.ts'), `import { b } from './b'\nimport { type D } from './d'\nexport default (x: D) => b() + x`)
  writeFileSync(join(src, 'three.ts'), `import {\n  a,\n} from './a'\nimport { e } from './e'\nexport default () => a() + e() + import('./d')`)
  const graph = importGraph(src)
  const uses = (screen: string) => usesKit(graph, join(src, screen), join(src, 'kits/form.ts'))
  assert.equal(['one.ts', 'two.ts', 'three.ts'].map(uses), [false, false, true])
  assert.equal(graph.get(join(src, 'three.ts')), [join(src, 'a.ts'), join(src, 'e.ts')])
  // What another kit holds (shared.ts: a, b, c) is that kit's, not this one's.
  assert.is(usesKit(graph, join(src, 'one.ts'), join(src, 'kits/shared.ts')), true)
})

test('an import() of a file that is not there fails the build with its name', () => {
  writeFileSync(join(src, 'four.ts'), `export const x = () => import('./missing')`)
  assert.throws(() => lazyEntries(src), /four\.ts imports \.\/missing/)
})

test.run()
