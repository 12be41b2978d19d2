// A second pass of minification over what esbuild wrote. esbuild minifies each file in one quick
// pass; terser's compressor (two passes) folds what that leaves, some 3 % of every file gzipped
// (1.6 KiB of the devices screen opened first on Preact). It keeps each file's exports and
// imports, so the files still fit together as esbuild split them.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { minify } from 'terser'

/** The options for code that runs in the browsers the build targets (ES2018 at most). */
const TERSER = { ecma: 2018, compress: { passes: 2 }, format: { comments: false } }

/** Minifies again every JS output of the metafile (ES modules), in place, keeping `bytes` true. */
export async function minifyOutputs(meta, root) {
  for (const [file, output] of Object.entries(meta.outputs)) {
    if (!file.endsWith('.js')) continue
    const path = join(root, file)
    const { code } = await minify(readFileSync(path, 'utf8'), { ...TERSER, module: true })
    writeFileSync(path, code)
    output.bytes = Buffer.byteLength(code)
  }
}

/** Minifies again a script that runs as it is (no module): the pages' inline start scripts. */
export async function minifyScript(code) {
  return (await minify(code, TERSER)).code
}
