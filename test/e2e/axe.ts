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
