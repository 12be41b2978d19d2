import { storageName } from '../contract/brand'
import { keepOnClear, readItem, writeItem } from '../lib/storage'

/** Local storage name of this device's preferences; they outlive a sign-out. */
export const PREFERENCES_KEY = storageName('preferences')
keepOnClear(PREFERENCES_KEY)

/** Every saved preference, unchecked; an unreadable entry reads as none. */
export function readPreferences(): Record<string, unknown> {
  try {
    const saved: unknown = JSON.parse(readItem(PREFERENCES_KEY) ?? '{}')
    return saved && typeof saved === 'object' && !Array.isArray(saved) ? (saved as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Saves some preferences, keeping the others. */
export function savePreferences(values: Record<string, unknown>): void {
  writeItem(PREFERENCES_KEY, JSON.stringify({ ...readPreferences(), ...values }))
}
