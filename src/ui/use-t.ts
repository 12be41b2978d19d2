import { useStore } from '@nanostores/react'
import { t } from '../lib/i18n'
import { $locale, $texts } from '../stores/locale'

/** The translate function; the component renders again when the language or its texts change. */
export function useT(): typeof t {
  useStore($locale)
  useStore($texts)
  return t
}
