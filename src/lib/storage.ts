/** Browser local storage behind one door: quiet when it is missing (prerender, private mode). */
const store = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

export function readItem(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null
  } catch {
    return null
  }
}

export function writeItem(key: string, value: string): void {
  try {
    store()?.setItem(key, value)
  } catch {
    // Full or blocked storage only costs persistence, never the action.
  }
}

export function removeItem(key: string): void {
  try {
    store()?.removeItem(key)
  } catch {
    // As above.
  }
}

export function clearAll(): void {
  try {
    store()?.clear()
  } catch {
    // As above.
  }
}
