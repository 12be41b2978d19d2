/** The lightbox's zoom bounds and step, its animation, padding and keys. */
export const ZOOM_MIN = 1
export const ZOOM_MAX = 4
export const ZOOM_STEP = 0.5
export const LIGHTBOX_ANIMATION_MS = 300
/** Space kept free around the image, in px. */
export const LIGHTBOX_PADDING = 10
export const KEY_ESC = 27
export const KEY_LEFT = 37
export const KEY_RIGHT = 39
/** A horizontal drag shorter than this (px) is a tap or a wobble, not a swipe. */
export const SWIPE_MIN = 50
/** A wheel's horizontal turn smaller than this (px) is noise from a vertical scroll. */
export const WHEEL_MIN = 10

/** A zoom level kept between the bounds. */
export const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom))

export const zoomIn = (zoom: number) => clampZoom(zoom + ZOOM_STEP)
export const zoomOut = (zoom: number) => clampZoom(zoom - ZOOM_STEP)

/** A double click zooms in one step from the default zoom, and anywhere else resets it. */
export const doubleClickZoom = (zoom: number) => (zoom === ZOOM_MIN ? zoomIn(zoom) : ZOOM_MIN)

/**
 * The photo `step` places away from `index` among `count`. The ends wrap around, as the counter
 * ('12 of 12', then '1 of 12') makes plain, so the next photo is always one key away.
 */
export const moveIndex = (index: number, step: number, count: number) => (count ? (((index + step) % count) + count) % count : 0)

/**
 * Previous and next follow the reading direction: the next photo lies to the right in a left to
 * right page and to the left in a right to left one. So a physical direction (+1 right, -1 left)
 * becomes a step (+1 next, -1 previous) by turning it round in rtl.
 */
const toStep = (rightward: number, rtl: boolean) => (rtl ? -rightward : rightward)

export type LightboxAction = 'previous' | 'next' | 'close'

/** What a key does: Esc (27) closes; the left (37) and right (39) arrows move by the page's direction. */
export function keyAction(event: { key?: string; keyCode?: number }, rtl: boolean): LightboxAction | null {
  if (event.key === 'Escape' || event.keyCode === KEY_ESC) return 'close'
  const rightward = event.key === 'ArrowRight' || event.keyCode === KEY_RIGHT ? 1 : event.key === 'ArrowLeft' || event.keyCode === KEY_LEFT ? -1 : 0
  return rightward ? stepAction(toStep(rightward, rtl)) : null
}

const stepAction = (step: number): LightboxAction | null => (step > 0 ? 'next' : step < 0 ? 'previous' : null)

/**
 * A finished horizontal drag of `dx` px. Dragging the photo to the left brings in the one on its
 * right, as on a phone: next in ltr, previous in rtl.
 */
export const swipeAction = (dx: number, rtl: boolean) => (Math.abs(dx) < SWIPE_MIN ? null : stepAction(toStep(dx < 0 ? 1 : -1, rtl)))

/** A wheel turn: only a mostly horizontal one moves, a positive `deltaX` scrolling to the right. */
export const wheelAction = (deltaX: number, deltaY: number, rtl: boolean) =>
  Math.abs(deltaX) < WHEEL_MIN || Math.abs(deltaX) <= Math.abs(deltaY) ? null : stepAction(toStep(Math.sign(deltaX), rtl))

/**
 * How far a zoomed photo may be dragged (in unscaled px from its centre) so that its edge never
 * comes inside the frame: half of what the zoom adds, on each axis.
 */
export function clampPan(offset: number, zoom: number, size: number): number {
  const limit = ((zoom - 1) * size) / (2 * zoom)
  return Math.min(limit, Math.max(-limit, offset))
}
