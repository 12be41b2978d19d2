export function spellLocaleImports(code: string, path: string): string
