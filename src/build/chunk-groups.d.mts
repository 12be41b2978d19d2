import type { Plugin } from 'esbuild'

export function lazyEntries(srcDir: string): Set<string>
export function importGraph(srcDir: string): Map<string, string[]>
export function usesKit(graph: Map<string, string[]>, from: string, kit: string): boolean
export function chunkGroups(options: {
  srcDir: string
  kitsOf: (path: string, lazy: boolean, uses: (kit: string) => boolean) => string[]
  transform?: (code: string, path: string) => string
}): Plugin
