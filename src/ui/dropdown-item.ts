import type { ReactNode } from 'react'

/** A dropdown menu opens 50 ms after the click and grows at most 500 px high. */
export const DROPDOWN_OPEN_DELAY_MS = 50
export const DROPDOWN_MAX_HEIGHT_PX = 500

export interface DropdownItem {
  key: string
  label: ReactNode
  onSelect: () => void
  /** Makes the item one choice of several (`menuitemradio`), checked or not. */
  checked?: boolean
  /** The language of the label, when it is not the page's. */
  lang?: string
}
