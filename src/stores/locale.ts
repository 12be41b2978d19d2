import { atom } from 'nanostores'
import { addDictionary, setTextLocale, type Dictionary } from '../lib/i18n'
import { readPreferences, savePreferences } from './preferences'

export const LOCALES = ['en', 'de', 'id', 'es', 'zh', 'ar'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'
/** Locales written right to left. */
export const RTL_LOCALES: readonly Locale[] = ['ar']

export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value)

/** Each language's texts load on demand; English is always there. */
const DICTIONARIES: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Dictionary }>> = {
  de: () => import('../../locales/de.json'),
  id: () => import('../../locales/id.json'),
  es: () => import('../../locales/es.json'),
  zh: () => import('../../locales/zh.json'),
  ar: () => import('../../locales/ar.json'),
}

/** The language of the console's texts. */
export const $locale = atom<Locale>(DEFAULT_LOCALE)
/** Counts the texts added since start, so open screens show texts that arrive late. */
export const $texts = atom(0)

/** Loads one language of a screen's own texts (long ones, kept out of the main locale file). */
export type NamespaceLoader = (locale: Locale) => Promise<{ default: Dictionary }>

/** Each part's loader with the languages it has brought in so far. */
const namespaces = new Map<NamespaceLoader, Set<Locale>>()
const loaded = new Set<Locale>([DEFAULT_LOCALE])
/** The language shown or being switched to: a part that registers meanwhile loads its texts. */
let target: Locale = DEFAULT_LOCALE

/** Loads the texts of `locale` that the registered parts do not have yet. */
async function addTexts(locale: Locale): Promise<void> {
  const missing = [...namespaces].filter(([, locales]) => !locales.has(locale))
  if (!missing.length) return
  for (const [, locales] of missing) locales.add(locale)
  const dictionaries = await Promise.all(
    missing.map(([load, locales]) =>
      load(locale).catch(() => {
        locales.delete(locale)
        return undefined
      }),
    ),
  )
  for (const dictionary of dictionaries) if (dictionary) addDictionary(locale, dictionary.default)
  $texts.set($texts.get() + 1)
}

/**
 * Registers the texts a part of the console brings along (its English, and a loader for the
 * other languages): the current language, if another, loads now, later ones with `setLocale`.
 */
export function addNamespace(english: Dictionary, load: NamespaceLoader): void {
  addDictionary(DEFAULT_LOCALE, english)
  namespaces.set(load, new Set([DEFAULT_LOCALE]))
  if (target !== DEFAULT_LOCALE) void addTexts(target)
}

/** Loads the texts of `locale` (once), then switches to it and remembers the choice. */
export async function setLocale(locale: Locale): Promise<void> {
  target = locale
  const texts = addTexts(locale)
  if (!loaded.has(locale)) {
    addDictionary(locale, (await DICTIONARIES[locale as Exclude<Locale, 'en'>]()).default)
    loaded.add(locale)
  }
  await texts
  setTextLocale(locale)
  $locale.set(locale)
  savePreferences({ locale })
}

/** Switches to the saved locale, if any; called once in the browser. */
export async function restoreLocale(): Promise<void> {
  const saved = readPreferences().locale
  if (isLocale(saved) && saved !== $locale.get()) await setLocale(saved)
}
