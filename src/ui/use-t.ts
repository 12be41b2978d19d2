import { useStore } from '@nanostores/react'
import { t } from '../lib/i18n'
import { $locale } from '../stores/locale'

/** The translate function; the component renders again when the language changes. */
export function useT(): typeof t {
  useStore($locale)
  return t
}
