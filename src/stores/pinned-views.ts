import { atom } from 'nanostores'

/** A saved view pinned in the menu, as the menu needs it. */
export interface PinnedEntry {
  id: string
  name: string
  collection: string
}

/**
 * The views pinned in the menu, as the server last listed them for the signed-in user; empty
 * until they load, after the shell (`app/shell/pinned-views.ts`).
 */
export const $pinnedViews = atom<readonly PinnedEntry[]>([])
