import { loadScreenStyles } from '../lib/screen-styles'
import { $locale, RTL_LOCALES } from '../stores/locale'
import { $ui, setDirection } from '../stores/ui'

/**
 * Keeps the document in step with the preferences: palette and mode as data attributes
 * (read by `styles/theme.css`), direction and language on `<html>`. A language change sets the
 * direction: right to left for Arabic, left to right for every other.
 */
export function syncDocument(root: HTMLElement = document.documentElement): () => void {
  const stopUi = $ui.subscribe(({ theme, type, direction }) => {
    // The default palette is in the global sheet; the others arrive when first chosen.
    if (theme !== 'grey') void loadScreenStyles('palettes')
    root.dataset.theme = theme
    root.dataset.mode = type
    root.dir = direction
  })
  const stopLang = $locale.subscribe((locale) => {
    root.lang = locale
  })
  const stopDirection = $locale.listen((locale) => setDirection(RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr'))
  return () => {
    stopUi()
    stopLang()
    stopDirection()
  }
}
