import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core'

/** A console error a test provokes on purpose: the browser's note that loading `path` got `status`. */
export interface ExpectedError {
  status: number
  path: string
}

export const failedLoad = (status: number, path: string): ExpectedError => ({ status, path })

/**
 * For a test that takes the link or the server away: the browser's notes that a load found no
 * network, or that the service worker's script could not be fetched to look for a new build.
 */
export const OFFLINE: ExpectedError = { status: 0, path: '*' }
const NO_NETWORK = /^(?:Failed to load resource: net::ERR_(?:INTERNET_DISCONNECTED|NETWORK_CHANGED|CONNECTION_REFUSED)\b|An unknown error occurred when fetching the script\.$)/

const FAILED_LOAD = /^Failed to load resource: the server responded with a status of (\d+)\b/

function isExpected(message: ConsoleMessage, expected: ExpectedError[]): boolean {
  if (expected.includes(OFFLINE) && NO_NETWORK.test(message.text())) return true
  const status = Number(FAILED_LOAD.exec(message.text())?.[1])
  const { url } = message.location()
  const path = url ? new URL(url).pathname : undefined
  return expected.some((error) => error.status === status && error.path === path)
}

interface Violation {
  directive: string
  blocked: string
  source: string
  sample: string
}

/**
 * Watches every page of `context` for a Content-Security-Policy violation, a console error or an
 * uncaught error; `context.close()` then fails with what was seen, so the test that caused it
 * fails. Only the `expected` failed loads pass.
 */
export async function guardContext(context: BrowserContext, expected: ExpectedError[] = []): Promise<void> {
  const seen: string[] = []
  const report = (page: Page, what: string) => seen.push(`${page.url()}: ${what}`)
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() !== 'error' || isExpected(message, expected)) return
      const { url } = message.location()
      report(page, `console error: ${message.text()}${url && url !== page.url() ? ` (${url})` : ''}`)
    })
    page.on('pageerror', (error) => report(page, `uncaught ${error.name}: ${error.message}`))
  }
  context.pages().forEach(watch)
  context.on('page', watch)

  // The event says which directive blocked what; Chromium's console line alone may not.
  await context.exposeBinding('__reportViolation', ({ page }, { directive, blocked, source, sample }: Violation) =>
    report(page, `CSP violation: ${directive} blocked ${blocked || 'inline'} at ${source}${sample ? ` (${sample})` : ''}`),
  )
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => {
      const violation = {
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        sample: event.sample,
      }
      ;(window as unknown as { __reportViolation(violation: object): void }).__reportViolation(violation)
    }),
  )

  const close = context.close.bind(context)
  context.close = async (options) => {
    await close(options)
    const found = seen.splice(0)
    if (found.length) throw new Error(`the browser reported ${found.length} problem(s):\n  ${found.join('\n  ')}`)
  }
}
