import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while the server renders and while the browser hydrates that HTML, true after.
 * Whatever depends on the browser (the query string of a prerendered page) waits for it,
 * so the first render matches the prerendered one.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
