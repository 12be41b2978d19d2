import type { Metafile } from 'esbuild'

export function dropEmptyChunks(meta: Metafile, root: string): string[]
