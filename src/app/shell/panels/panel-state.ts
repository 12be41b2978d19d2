import { storageName } from '../../../contract/brand'
import { atom } from 'nanostores'
import { keepOnClear, readItem, writeItem } from '../../../lib/storage'

export type PanelName = 'guide' | 'settings'

/** The dialog of the shell that is open, if any: one at a time. */
export const $openPanel = atom<PanelName | null>(null)

export const openGuide = () => $openPanel.set('guide')
export const openSettings = () => $openPanel.set('settings')
export const closePanel = () => $openPanel.set(null)

/** Local storage flag: the guide has been shown on this device. It outlives a sign-out. */
export const GUIDE_SEEN_KEY = storageName('guide-seen')
keepOnClear(GUIDE_SEEN_KEY)

export const guideSeen = (): boolean => readItem(GUIDE_SEEN_KEY) === '1'
export const markGuideSeen = (): void => writeItem(GUIDE_SEEN_KEY, '1')

/** A dialog of the console is open (a form, the palette, a secret shown once): the guide waits. */
const dialogOpen = () => typeof document !== 'undefined' && document.querySelector('[role="dialog"][aria-modal="true"]') !== null

/**
 * Opens the guide on the first visit of this device, and only then; never over a dialog that
 * opened first (a link to a form, a secret shown once): then it comes on the next visit.
 */
export function showGuideOnFirstVisit(): void {
  if (guideSeen() || dialogOpen()) return
  markGuideSeen()
  openGuide()
}
