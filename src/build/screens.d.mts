/** The parts of an esbuild metafile the screens are read from. */
export interface ScreensMetafile {
  inputs: Record<string, { imports: { path: string; kind: string; original?: string }[] } | undefined>
}

export interface DocRecord {
  name: string
  source: string
}

export const SCREENS_FILE: string
export const ROUTES_FILE: string
export function screenKeys(root: string): string[]
export function screenModules(root: string, meta: ScreensMetafile): Record<string, string>
export function screenSources(root: string, modules: Record<string, string>): Record<string, DocRecord[]>
