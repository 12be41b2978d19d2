import { atom } from 'nanostores'
import type { PinnedEntry } from '../app/menu'

/**
 * The views pinned in the menu, as the server last listed them for the signed-in user; empty
 * until they load, after the shell (`app/shell/pinned-views.ts`).
 */
export const $pinnedViews = atom<readonly PinnedEntry[]>([])
