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

const namespaces: NamespaceLoader[] = []
const loaded = new Set<Locale>([DEFAULT_LOCALE])

async function addTexts(locale: Locale, loaders: readonly NamespaceLoader[]): Promise<void> {
  const dictionaries = await Promise.all(loaders.map((load) => load(locale).catch(() => undefined)))
  for (const dictionary of dictionaries) if (dictionary) addDictionary(locale, dictionary.default)
  $texts.set($texts.get() + 1)
}

/**
 * Registers the texts a part of the console brings along (its English, and a loader for the
 * other languages): the current language, if another, loads now, later ones with `setLocale`.
 */
export function addNamespace(english: Dictionary, load: NamespaceLoader): void {
  addDictionary(DEFAULT_LOCALE, english)
  namespaces.push(load)
  const current = $locale.get()
  if (current !== DEFAULT_LOCALE) void addTexts(current, [load])
}

/** Loads the texts of `locale` (once), then switches to it and remembers the choice. */
export async function setLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    const [main] = await Promise.all([
      DICTIONARIES[locale as Exclude<Locale, 'en'>](),
      addTexts(locale, namespaces),
    ])
    addDictionary(locale, main.default)
    loaded.add(locale)
  }
  setTextLocale(locale)
  $locale.set(locale)
  savePreferences({ locale })
}

/** Switches to the saved locale, if any; called once in the browser. */
export async function restoreLocale(): Promise<void> {
  const saved = readPreferences().locale
  if (isLocale(saved) && saved !== $locale.get()) await setLocale(saved)
}
