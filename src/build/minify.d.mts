import type { Metafile } from 'esbuild'

export const TERSER: { ecma: 2018; compress: { passes: number }; format: { comments: boolean } }
export function minifyOutputs(meta: Metafile, root: string): Promise<void>
export function minifyScript(code: string): Promise<string>
