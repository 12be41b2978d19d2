/** What the page shows: light or dark. */
export const MODES = ['light', 'dark'] as const
export type Mode = (typeof MODES)[number]

/** Light or dark as the settings offer it: the system's (the default), or one chosen by hand. */
export const MODE_CHOICES = ['system', 'light', 'dark'] as const
export type ModeChoice = (typeof MODE_CHOICES)[number]

/** The media query of a system set to dark; the page's early script asks the same. */
export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)'

export const isModeChoice = (value: unknown): value is ModeChoice => (MODE_CHOICES as readonly unknown[]).includes(value)

/** The mode the page shows for `choice`: the system's for "system", light when it says nothing. */
export const resolveMode = (choice: ModeChoice, systemDark: boolean): Mode => (choice === 'system' ? (systemDark ? 'dark' : 'light') : choice)

/**
 * The saved choice. Preferences saved before the choice existed kept `type` whenever anything
 * changed, so a light one was seldom chosen: only a saved dark is kept, the rest follow the system.
 */
export const savedModeChoice = (saved: Record<string, unknown>): ModeChoice =>
  isModeChoice(saved.mode) ? saved.mode : saved.type === 'dark' ? 'dark' : 'system'

/** The system's setting, and a way to hear of its changes; none outside a browser. */
export function systemDark(): { dark: boolean; watch: (listener: (dark: boolean) => void) => () => void } {
  const query = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(SYSTEM_DARK_QUERY) : undefined
  return {
    dark: query?.matches ?? false,
    watch: (listener) => {
      if (!query) return () => undefined
      const changed = (event: { matches: boolean }) => listener(event.matches)
      query.addEventListener('change', changed)
      return () => query.removeEventListener('change', changed)
    },
  }
}
