// esbuild gives its runtime helpers a chunk shared by every entry point, and keeps that chunk
// when nothing is left in it (evanw/esbuild#2419): a file of no bytes that every page and screen
// asks for before it runs. This removes such files and the imports of them, in the files and in
// the metafile, so the pages, the size report and the service worker never name them.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Drops the empty JS chunks of a build written under `root`; answers the removed paths. */
export function dropEmptyChunks(meta, root) {
  const empty = Object.keys(meta.outputs).filter((file) => file.endsWith('.js') && !meta.outputs[file].entryPoint && meta.outputs[file].bytes === 0)
  if (!empty.length) return []
  const gone = new Set(empty)
  const importOf = new RegExp(`import\\s*["']\\./(?:${empty.map((file) => escape(basename(file))).join('|')})["'];?\\n?`, 'g')
  for (const [file, output] of Object.entries(meta.outputs)) {
    if (gone.has(file) || !output.imports.some((item) => gone.has(item.path))) continue
    const path = join(root, file)
    const code = readFileSync(path, 'utf8')
    const kept = code.replace(importOf, '')
    writeFileSync(path, kept)
    output.bytes -= Buffer.byteLength(code) - Buffer.byteLength(kept)
    output.imports = output.imports.filter((item) => !gone.has(item.path))
  }
  for (const file of empty) {
    rmSync(join(root, file), { force: true })
    delete meta.outputs[file]
  }
  return empty
}
