import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface Violation {
  id: string
  impact: string
  help: string
  targets: string[]
}

type AxeViolation = { id: string; impact?: string; help: string; nodes: Array<{ target: string[] }> }

/**
 * Runs axe-core in the page once nothing moves, and again when an animation or a transition
 * started during the run (a toast fading out, a row fading in): colours read mid-fade are no
 * finding. A violation that stays is reported.
 */
async function runAxe(page: Page, options: unknown): Promise<AxeViolation[]> {
  // Evaluated through the driver: the page's policy rightly refuses an inline script tag. A page
  // checked again (a dialog opened over it) keeps the copy it has.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE)
  return page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe
    // A spinner or a carousel turns for ever: only what ends is waited for, and for 3 s at most.
    const ends = (animation: Animation) => animation.effect?.getTiming().iterations !== Infinity
    const still = () =>
      new Promise<void>((resolve) => {
        const until = performance.now() + 3000
        const check = () =>
          document.getAnimations().every((animation) => animation.playState !== 'running' || !ends(animation)) || performance.now() > until
            ? resolve()
            : requestAnimationFrame(check)
        check()
      })
    for (let round = 1; ; round++) {
      await still()
      let moved = false
      const onStart = () => (moved = true)
      document.addEventListener('animationstart', onStart, true)
      document.addEventListener('transitionstart', onStart, true)
      const result = await axe.run(document, options)
      document.removeEventListener('animationstart', onStart, true)
      document.removeEventListener('transitionstart', onStart, true)
      if (!moved || round === 3) return result.violations
    }
  }, options)
}

const shown = (violation: AxeViolation): Violation => ({
  id: violation.id,
  impact: violation.impact ?? '',
  help: violation.help,
  targets: violation.nodes.map((node) => node.target.join(' ')),
})

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const violations = await runAxe(page, {})
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map(shown)
}

/** The rules of WCAG 2.2 at levels A and AA, as axe-core tags them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** The WCAG 2.2 A and AA rules whose answer depends on the page's colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Runs axe-core's WCAG 2.2 A and AA rules in the page and returns every violation, whatever its
 * impact; `colours` runs only the rules that read colours (a page whose palette alone changed).
 */
export async function wcagViolations(page: Page, { colours = false } = {}): Promise<Violation[]> {
  const runOnly = colours ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_TAGS }
  return (await runAxe(page, { runOnly })).map(shown)
}
