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

const kept = new Set<string>()

/** Marks `key` as a device preference that outlives `clearAll` (a sign-out). */
export function keepOnClear(key: string): void {
  kept.add(key)
}

const clearedListeners = new Set<() => void>()

/** Calls `listener` after each `clearAll`, so what a store holds in memory goes with what it kept. */
export function onClear(listener: () => void): () => void {
  clearedListeners.add(listener)
  return () => clearedListeners.delete(listener)
}

/** Wipes local storage but for the keys marked with `keepOnClear`. */
export function clearAll(): void {
  try {
    const storage = store()
    if (storage) {
      const saved = [...kept].map((key) => [key, storage.getItem(key)] as const)
      storage.clear()
      for (const [key, value] of saved) if (value !== null) storage.setItem(key, value)
    }
  } catch {
    // As above.
  }
  for (const listener of clearedListeners) listener()
}
