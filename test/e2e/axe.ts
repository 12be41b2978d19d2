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

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the driver: the page's policy rightly refuses an inline script tag.
  await page.evaluate(AXE)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context?: unknown) => Promise<{ violations: Array<{ id: string; impact?: string; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe
    const result = await axe.run(document)
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }))
  })
}

/** The rules of WCAG 2.2 at levels A and AA, as axe-core tags them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Runs axe-core's WCAG 2.2 A and AA rules in the page and returns every violation, whatever its impact. */
export async function wcagViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE)
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; impact?: string; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } })
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }))
  }, WCAG_TAGS)
}
