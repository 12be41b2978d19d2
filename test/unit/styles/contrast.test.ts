import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MODES, THEMES, type Mode, type Theme } from '../../../src/stores/ui'
import { contrast, readRootRules, resolveTheme, toRgb } from './css'

const rules = readRootRules()

/** [foreground, background, minimum ratio]: 4.5 for text (WCAG AA), 3 for rings and control borders. */
const PAIRS: [string, string, number][] = [
  ['--color-text', '--color-bg', 4.5],
  ['--color-text', '--color-surface', 4.5],
  ['--color-text', '--color-surface-alt', 4.5],
  ['--color-text-muted', '--color-bg', 4.5],
  ['--color-text-muted', '--color-surface', 4.5],
  ['--color-text-muted', '--color-surface-alt', 4.5],
  ['--color-on-primary', '--color-primary', 4.5],
  ['--color-on-primary', '--color-primary-strong', 4.5],
  ['--color-on-secondary', '--color-secondary', 4.5],
  ['--color-primary', '--color-bg', 4.5],
  ['--color-primary', '--color-surface', 4.5],
  ['--color-primary', '--color-primary-soft', 4.5],
  ['--color-text', '--color-primary-soft', 4.5],
  ['--color-secondary', '--color-surface', 4.5],
  ['--color-link', '--color-bg', 4.5],
  ['--color-link', '--color-surface', 4.5],
  ['--color-header-text', '--color-header-bg', 4.5],
  ['--color-header-text', '--color-header-scrolled', 4.5],
  ['--color-sidebar-text', '--color-sidebar-bg', 4.5],
  ['--color-text-muted', '--color-sidebar-bg', 4.5],
  ['--color-primary', '--color-sidebar-bg', 4.5],
  ['--focus-ring', '--color-bg', 3],
  ['--focus-ring', '--color-surface', 3],
  ['--focus-ring', '--color-sidebar-bg', 3],
  ['--color-control-border', '--color-surface', 3],
  ['--color-on-error', '--color-error', 4.5],
  ['--color-error', '--color-error-bg', 4.5],
  ['--color-error', '--color-surface', 4.5],
  ['--color-success', '--color-success-bg', 4.5],
  ['--color-success', '--color-surface', 4.5],
  ['--color-warning', '--color-warning-bg', 4.5],
  ['--color-warning', '--color-surface', 4.5],
  ['--color-info', '--color-info-bg', 4.5],
  ['--color-info', '--color-surface', 4.5],
  ['--color-text', '--color-error-bg', 4.5],
  ['--color-text', '--color-success-bg', 4.5],
  ['--color-text', '--color-warning-bg', 4.5],
  ['--color-text', '--color-info-bg', 4.5],
]

const combinations = THEMES.flatMap((theme) => MODES.map((mode) => [theme, mode] as [Theme, Mode]))

test('computes WCAG contrast ratios', () => {
  assert.is(contrast('#000000', '#ffffff'), 21)
  assert.is(contrast('#fff', '#fff'), 1)
  assert.is(Math.round(contrast('#777777', '#ffffff') * 100) / 100, 4.48)
  assert.equal(toRgb('#0a0B0c'), [10, 11, 12])
  assert.throws(() => toRgb('rgb(0 0 0)'))
})

test('every palette has a light and a dark rule, and the dark one overrides all the light one sets', () => {
  for (const theme of THEMES.filter((name) => name !== 'grey')) {
    const light = rules.find((rule) => rule.theme === theme && !rule.mode)
    const dark = rules.find((rule) => rule.theme === theme && rule.mode === 'dark')
    assert.ok(light && dark, `palette ${theme} needs :root[data-theme='${theme}'] and its dark rule`)
    const leaking = Object.keys(light.vars).filter((name) => !(name in dark.vars))
    assert.equal(leaking, [], `${theme}: the light values of ${leaking.join(', ')} leak into dark mode`)
  }
  const known = new Set<string>(THEMES)
  for (const rule of rules) if (rule.theme) assert.ok(known.has(rule.theme), `unknown palette ${rule.theme}`)
})

for (const [theme, mode] of combinations) {
  test(`${theme} ${mode} meets WCAG AA`, () => {
    const vars = resolveTheme(rules, theme, mode)
    const failures = PAIRS.flatMap(([fg, bg, min]) => {
      const ratio = contrast(vars(fg), vars(bg))
      return ratio < min ? [`${fg} on ${bg}: ${ratio.toFixed(2)} < ${min}`] : []
    })
    assert.equal(failures, [], `${theme} ${mode}:\n  ${failures.join('\n  ')}`)
  })
}

test('the grey light default needs no data attributes', () => {
  const vars = resolveTheme(rules, 'grey', 'light')
  const bare = resolveTheme(rules, undefined, undefined)
  for (const [fg, bg] of PAIRS) assert.is(bare(fg) + bare(bg), vars(fg) + vars(bg))
})

test.run()
