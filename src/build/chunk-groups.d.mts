import type { Plugin } from 'esbuild'

export function lazyEntries(srcDir: string): Set<string>
export function chunkGroups(options: { srcDir: string; kitsOf: (path: string, lazy: boolean) => string[]; transform?: (code: string, path: string) => string }): Plugin
