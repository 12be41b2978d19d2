import '../setup'

/*
 * Testing Library, loaded once the DOM exists. The test bundles keep packages as imports, and
 * static imports run before the bundled `setup`: react-dom would then decide that there is no DOM
 * (its `onChange` falls back to an old-browser path that ignores change events) and `screen`
 * would bind to no document. A dynamic import runs in order, after `setup`.
 */
const rtl = await import('@testing-library/react')

export const { act, cleanup, fireEvent, render, waitFor, within } = rtl

// A console loads its later parts (an open dialog's box, a menu) a second after its first paint, so a
// user meets them loaded; so do the tests. lazy-part.test.tsx tests a part drawn before that.
const later = await import('../../../src/ui/lazy-part')
await import('../../../src/ui/dialog')
await import('../../../src/ui/dropdown')
await later.loadLaterParts()

// Two test files run at once on two cores while the next ones bundle: a lazy part or a 50 ms
// timer can take longer than the default second there. A test that fails still fails, later.
rtl.configure({ asyncUtilTimeout: 4000 })

/** Queries over the whole page (Testing Library's `screen`, bound late). */
export const page = () => within(document.body)

/** The text of the elements that describe `element` (its error message, then its hint), joined by a space. */
export function descriptionOf(element: HTMLElement): string | null {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? []
  const texts = ids.map((id) => document.getElementById(id)?.textContent ?? '').filter(Boolean)
  return texts.length ? texts.join(' ') : null
}

/**
 * The page's list of screen stylesheets (src/lib/screen-styles.ts) naming `sheets` (key -> name in
 * /assets/ without `.css`); each sheet counts as loaded, as in a browser, without happy-dom
 * fetching it.
 */
export function nameScreenSheets(sheets: Record<string, string>): void {
  ;(window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true
  const names = document.createElement('script')
  names.type = 'application/json'
  names.id = 'screen-styles'
  names.textContent = JSON.stringify(sheets)
  document.head.appendChild(names)
}
