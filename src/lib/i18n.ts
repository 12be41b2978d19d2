import rosetta from 'rosetta'
import en from '../../locales/en.json'

export type Dictionary = Record<string, unknown>

export const FALLBACK_LOCALE = 'en'

const i18n = rosetta<Dictionary>({ [FALLBACK_LOCALE]: en })
i18n.locale(FALLBACK_LOCALE)

/** Adds (or replaces) the dictionary of a locale. */
export function addDictionary(locale: string, dictionary: Dictionary): void {
  i18n.set(locale, dictionary)
}

/** Switches the language used by `t`. */
export function setTextLocale(locale: string): void {
  i18n.locale(locale)
}

/** The text of `key` in the current locale, else in English, else the key itself. */
export function t(key: string, params?: Record<string, unknown>): string {
  return i18n.t(key, params) || i18n.t(key, params, FALLBACK_LOCALE) || key
}

/** True when `key` names a text of the English dictionary. */
export function hasText(key: string): boolean {
  return i18n.t(key, undefined, FALLBACK_LOCALE) !== ''
}

/** A message from the server or a locale key: keys are translated, other text shown as it is. */
export function messageText(message: string): string {
  return hasText(message) ? t(message) : message
}
