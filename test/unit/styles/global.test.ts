import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readModules, readStyles } from './css'

const styles = readStyles()
const all = Object.values(styles).join('\n')

/** The declarations of the first rule whose selector is exactly `selector`. */
const block = (css: string, selector: string): string => {
  for (const [, head = '', body = ''] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (head.split(',').some((part) => part.trim() === selector)) return body
  }
  return ''
}

test('the global sheet imports every stylesheet but the palettes, which load on demand', () => {
  const imported = [...(styles['index.css'] ?? '').matchAll(/@import\s+['"]\.\/([\w-]+\.css)['"]/g)].map(([, name]) => name)
  assert.equal(imported.sort(), Object.keys(styles).filter((name) => name !== 'index.css' && name !== 'palettes.css').sort())
})

test('focus rings use the theme focus colour', () => {
  assert.match(block(all, ':focus-visible'), /outline:\s*\d+px solid var\(--focus-ring\)/)
})

test('reduced motion stops animations and transitions', () => {
  const media = /@media\s*\(prefers-reduced-motion:\s*reduce\)\s*\{([\s\S]*?\})\s*\}/.exec(all)?.[1] ?? ''
  assert.match(media, /animation-duration:\s*0\.01ms\s*!important/)
  assert.match(media, /animation-iteration-count:\s*1\s*!important/)
  assert.match(media, /transition-duration:\s*0\.01ms\s*!important/)
})

test('global styles and every CSS module use logical properties only, so right to left needs no second sheet', () => {
  const sheets = { ...styles, ...readModules() }
  assert.ok('reset.css' in sheets && 'src/ui/fields.module.css' in sheets && 'src/app/shell/drawer.module.css' in sheets)
  const physical = [
    /(?<![\w-])((?:margin|padding|border)-(?:left|right|top|bottom)(?:-[\w-]+)?|left|right|top|bottom|(?:min-|max-)?(?:width|height))\s*:/g,
    /(?<![\w-])((?:text-align|float|clear)\s*:\s*(?:left|right))/g,
  ]
  const found = Object.entries(sheets).flatMap(([name, css]) =>
    physical.flatMap((pattern) =>
      [...css.replace(/@media[^{]*\{/g, '').matchAll(pattern)].map((match) => `${name}: ${match[1]}`),
    ),
  )
  assert.equal(found, [])
})

test.run()
