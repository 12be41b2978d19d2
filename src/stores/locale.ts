import { atom } from 'nanostores'
import { setTextLocale } from '../lib/i18n'

export const LOCALES = ['en', 'de', 'id', 'es', 'zh', 'ar'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

/** The language of the console's texts. */
export const $locale = atom<Locale>(DEFAULT_LOCALE)

$locale.subscribe((locale) => setTextLocale(locale))
