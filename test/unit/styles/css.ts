import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const STYLES_DIR = join(process.cwd(), 'styles')
export const SRC_DIR = join(process.cwd(), 'src')

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '')

/** Every global stylesheet, comments removed, by file name. */
export function readStyles(): Record<string, string> {
  const files = readdirSync(STYLES_DIR).filter((name) => name.endsWith('.css'))
  return Object.fromEntries(files.map((name) => [name, withoutComments(readFileSync(join(STYLES_DIR, name), 'utf8'))]))
}

/** Every CSS module under `src/`, comments removed, by path (`src/ui/fields.module.css`). */
export function readModules(): Record<string, string> {
  const files = readdirSync(SRC_DIR, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.module.css'))
  return Object.fromEntries(
    files.sort().map((name) => [join('src', name), withoutComments(readFileSync(join(SRC_DIR, name), 'utf8'))]),
  )
}

export interface RootRule {
  theme?: string
  mode?: string
  /** Number of attribute selectors: the specificity that orders the cascade. */
  weight: number
  order: number
  vars: Record<string, string>
}

const ROOT_SELECTOR = /^:root((?:\[data-(?:theme|mode)=(['"])[^'"]+\2\])*)$/

/** The custom properties set on `:root` (with or without data-theme/data-mode) in the styles. */
export function readRootRules(): RootRule[] {
  const rules: RootRule[] = []
  for (const css of Object.values(readStyles())) {
    for (const [, selectors = '', body = ''] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const vars: Record<string, string> = {}
      for (const [, name = '', value = ''] of body.matchAll(/(--[\w-]+)\s*:\s*([^;]+)/g)) vars[name] = value.trim()
      for (const selector of selectors.split(',').map((part) => part.replace(/\s+/g, ''))) {
        const match = ROOT_SELECTOR.exec(selector)
        if (!match) continue
        const attrs = Object.fromEntries(
          [...(match[1] ?? '').matchAll(/\[data-(theme|mode)=['"]([^'"]+)['"]\]/g)].map(([, key, value]) => [key, value]),
        )
        rules.push({ ...attrs, weight: Object.keys(attrs).length, order: rules.length, vars })
      }
    }
  }
  return rules
}

/** The cascade for `<html data-theme data-mode>`: a lookup that follows `var()` references. */
export function resolveTheme(rules: RootRule[], theme?: string, mode?: string): (name: string) => string {
  const vars: Record<string, string> = {}
  rules
    .filter((rule) => (!rule.theme || rule.theme === theme) && (!rule.mode || rule.mode === mode))
    .sort((a, b) => a.weight - b.weight || a.order - b.order)
    .forEach((rule) => Object.assign(vars, rule.vars))
  const lookup = (name: string, seen: string[] = []): string => {
    const value = vars[name]
    if (value === undefined) throw new Error(`${name} is not set for ${theme ?? 'no theme'} ${mode ?? 'no mode'}`)
    if (seen.includes(name)) throw new Error(`${name} refers to itself`)
    const ref = /^var\((--[\w-]+)\)$/.exec(value)
    return ref?.[1] ? lookup(ref[1], [...seen, name]) : value
  }
  return lookup
}

/** `#rgb` or `#rrggbb` as [r, g, b]. */
export function toRgb(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!match?.[1]) throw new Error(`not a hex colour: ${hex}`)
  const digits = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1]
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number]
}

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}
