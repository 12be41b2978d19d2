import type { Metafile } from 'esbuild'

export function minifyOutputs(meta: Metafile, root: string): Promise<void>
export function minifyScript(code: string): Promise<string>
