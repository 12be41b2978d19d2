/**
 * Each screen's CSS arrives with its code. The build writes into each page the names in
 * `/assets/` of the sheets its visitor needs first (`<script type="application/json"
 * id="screen-styles">`), with, under `*`, the name of a JSON file in `/assets/` naming every
 * screen's sheet: a page carries a few names, not a hundred, and a screen met later finds its
 * sheet there. The styles already inlined in a page are marked (`<style data-screen="key">`), so
 * a sheet is fetched once, when needed.
 */
import { afterLoad } from './after-load'

type Sheets = Record<string, string>

let inline: Sheets | undefined
let everySheet: Promise<Sheets> | undefined
const requested = new Map<string, Promise<void>>()

function inlineSheets(): Sheets {
  if (!inline) {
    try {
      inline = JSON.parse(document.getElementById('screen-styles')?.textContent || '{}') as Sheets
    } catch {
      inline = {}
    }
  }
  return inline
}

/** The build's whole list, asked for once; without it (offline, no such file), no sheet. */
function allSheets(): Promise<Sheets> {
  const list = inlineSheets()['*']
  if (!list) return Promise.resolve({})
  return (everySheet ??= fetch(`/assets/${list}.json`)
    .then((answer) => (answer.ok ? (answer.json() as Promise<Sheets>) : {}))
    .catch(() => {
      everySheet = undefined
      return {}
    }))
}

async function sheetsOf(key: string): Promise<string[]> {
  if (typeof document === 'undefined') return []
  if (document.querySelector(`style[data-screen="${key}"]`)) return []
  const name = inlineSheets()[key] ?? (await allSheets())[key]
  return name ? [`/assets/${name}.css`] : []
}

function loadSheet(href: string): Promise<void> {
  let pending = requested.get(href)
  if (!pending && document.querySelector(`link[href="${href}"]`)) pending = Promise.resolve()
  if (!pending) {
    pending = new Promise((resolve) => {
      const link = document.createElement('link')
      link.rel = 'stylesheet'
      link.href = href
      // A sheet that fails to load leaves the screen unstyled, never blank.
      link.onload = link.onerror = () => resolve()
      document.head.appendChild(link)
    })
    requested.set(href, pending)
  }
  return pending
}

/** Resolves once the stylesheets of screen `key` are in the page. */
export function loadScreenStyles(key: string): Promise<void> {
  return sheetsOf(key).then((hrefs) => Promise.all(hrefs.map(loadSheet))).then(() => undefined)
}

/**
 * Asks for the build's list of sheets once the page has loaded, so the first move to another
 * screen waits for its code only.
 */
export function prefetchScreenStyles(): void {
  if (typeof window !== 'undefined' && inlineSheets()['*']) afterLoad(() => void allSheets())
}
