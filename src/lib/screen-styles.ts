/**
 * Each screen's CSS arrives with its code. The build writes the name of every screen's sheet in
 * `/assets/` into the page (`<script type="application/json" id="screen-styles">`) and marks the
 * styles already inlined in it (`<style data-screen="key">`), so a sheet is fetched once, when needed.
 */
let sheets: Record<string, string> | undefined
const requested = new Map<string, Promise<void>>()

function sheetsOf(key: string): string[] {
  if (typeof document === 'undefined') return []
  if (!sheets) {
    try {
      sheets = JSON.parse(document.getElementById('screen-styles')?.textContent || '{}') as Record<string, string>
    } catch {
      sheets = {}
    }
  }
  if (document.querySelector(`style[data-screen="${key}"]`)) return []
  const name = sheets[key]
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
  return Promise.all(sheetsOf(key).map(loadSheet)).then(() => undefined)
}
