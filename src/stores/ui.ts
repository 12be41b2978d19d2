import { storageName } from '../contract/brand'
import { atom, map } from 'nanostores'
import { keepOnClear, readItem, writeItem } from '../lib/storage'
import { isModeChoice, MODES, resolveMode, savedModeChoice, systemDark, type Mode, type ModeChoice } from './color-mode'
import { readPreferences, savePreferences } from './preferences'

export { MODES, type Mode }

export const THEMES = ['red', 'green', 'blue', 'purple', 'orange', 'grey', 'lightGreen', 'lightBlue', 'brown'] as const
export const DIRECTIONS = ['ltr', 'rtl'] as const
export const LAYOUTS = ['sidebar', 'big-sidebar', 'top-navigation', 'mega-menu'] as const

export type Theme = (typeof THEMES)[number]
export type Direction = (typeof DIRECTIONS)[number]
export type Layout = (typeof LAYOUTS)[number]

export interface UiState {
  theme: Theme
  /** Light or dark, as shown: the system's while `mode` is 'system'. */
  type: Mode
  /** Light or dark as chosen: the system's, or one by hand. */
  mode: ModeChoice
  direction: Direction
  layout: Layout
  sidebarOpen: boolean
  pageLoaded: boolean
  /** Keys of the open sub-menu and its parent. */
  subMenuOpen: string[]
}

export const UI_DEFAULTS: UiState = {
  theme: 'grey',
  type: 'light',
  mode: 'system',
  direction: 'ltr',
  layout: 'sidebar',
  sidebarOpen: true,
  pageLoaded: false,
  subMenuOpen: [],
}

const PREFERENCES = ['theme', 'type', 'mode', 'direction', 'layout', 'sidebarOpen'] as const
type Preferences = Pick<UiState, (typeof PREFERENCES)[number]>

const valid: { [K in keyof Preferences]: (value: unknown) => boolean } = {
  theme: (value) => (THEMES as readonly unknown[]).includes(value),
  type: (value) => (MODES as readonly unknown[]).includes(value),
  mode: isModeChoice,
  direction: (value) => (DIRECTIONS as readonly unknown[]).includes(value),
  layout: (value) => (LAYOUTS as readonly unknown[]).includes(value),
  sidebarOpen: (value) => typeof value === 'boolean',
}

/** The saved layout preferences of this device, each checked; anything unreadable is left out. */
export function savedUi(): Partial<Preferences> {
  const saved = readPreferences()
  const result: Record<string, unknown> = {}
  for (const key of PREFERENCES) if (valid[key](saved[key])) result[key] = saved[key]
  return result
}

export const $ui = map<UiState>({ ...UI_DEFAULTS })

let stopWatching: (() => void) | undefined

/**
 * Applies the saved preferences; called once in the browser before the first render. Light or
 * dark follows the system's setting while the choice is 'system', as it changes.
 */
export function restorePreferences(): void {
  const system = systemDark()
  const mode = savedModeChoice(readPreferences())
  $ui.set({ ...$ui.get(), ...savedUi(), mode, type: resolveMode(mode, system.dark) })
  stopWatching?.()
  stopWatching = system.watch((dark) => {
    if ($ui.get().mode === 'system') $ui.setKey('type', dark ? 'dark' : 'light')
  })
}

export const setTheme = (theme: Theme) => $ui.setKey('theme', theme)
/** Light or dark as the settings choose it: by hand, or the system's. */
export const setModeChoice = (mode: ModeChoice) => $ui.set({ ...$ui.get(), mode, type: resolveMode(mode, systemDark().dark) })
/** Light or dark by hand. */
export const setMode = (type: Mode) => setModeChoice(type)
export const toggleMode = () => setMode($ui.get().type === 'dark' ? 'light' : 'dark')
export const setDirection = (direction: Direction) => $ui.setKey('direction', direction)
export const setLayout = (layout: Layout) => $ui.setKey('layout', layout)
export const toggleSidebar = () => $ui.setKey('sidebarOpen', !$ui.get().sidebarOpen)
export const setSidebarOpen = (open: boolean) => $ui.setKey('sidebarOpen', open)
export const setPageLoaded = (loaded: boolean) => $ui.setKey('pageLoaded', loaded)

/** Opens the sub-menu `key` (with its parent); a repeat click collapses it, leaving the parent open. */
export function toggleSubMenu(key: string, keyParent?: string): void {
  const open = $ui.get().subMenuOpen
  const parent = keyParent ? [keyParent] : []
  $ui.setKey('subMenuOpen', open.includes(key) ? parent : [...parent, key])
}

$ui.listen((state, previous) => {
  if (PREFERENCES.some((key) => state[key] !== previous?.[key])) {
    savePreferences(Object.fromEntries(PREFERENCES.map((key) => [key, state[key]])))
  }
})

export const PRESENCES = ['online', 'idle', 'bussy', 'offline'] as const
export type Presence = (typeof PRESENCES)[number]
const PRESENCE_KEY = storageName('presence')
keepOnClear(PRESENCE_KEY)

/** The user's presence status, local to this device. */
export const $presence = atom<Presence>('online')

export function restorePresence(fallback: Presence): void {
  const saved = readItem(PRESENCE_KEY)
  $presence.set((PRESENCES as readonly string[]).includes(saved ?? '') ? (saved as Presence) : fallback)
}

export function setPresence(presence: Presence): void {
  $presence.set(presence)
  writeItem(PRESENCE_KEY, presence)
}

/**
 * Whether the command palette is open: Ctrl+K and the header's button open it, the palette
 * closes itself. Kept here, not in the shell or the palette, as both read it and neither loads
 * the other.
 */
export const $palette = atom(false)
