import { atom } from 'nanostores'

export const NOTICE_VARIANTS = ['success', 'warning', 'error', 'info'] as const
export type NoticeVariant = (typeof NOTICE_VARIANTS)[number]

export interface Notice {
  id: number
  variant: NoticeVariant
  /** A locale key or a server's message, shown through `messageText`. */
  message: string
}

/** Snackbars auto-hide after 3000 ms, or 4000 ms for what went wrong. */
export const NOTICE_HIDE_MS = 3000
export const NOTICE_HIDE_LONG_MS = 4000

export const hideAfter = (variant: NoticeVariant): number =>
  variant === 'warning' || variant === 'error' ? NOTICE_HIDE_LONG_MS : NOTICE_HIDE_MS

/** The notification bar's message; one at a time, a newer one replaces the older. */
export const $notice = atom<Notice | null>(null)

let lastId = 0
let timer: ReturnType<typeof setTimeout> | undefined
/** Set while the pointer or the focus is on the bar: its time stands still. */
let held = false

const stopTimer = () => {
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
}

const startTimer = (notice: Notice) => {
  stopTimer()
  timer = setTimeout(() => {
    timer = undefined
    if ($notice.get()?.id === notice.id) $notice.set(null)
  }, hideAfter(notice.variant))
}

export function closeNotice(): void {
  stopTimer()
  held = false
  $notice.set(null)
}

/** Shows `message` in the bar and hides it after the variant's time; returns its id. */
export function notify(variant: NoticeVariant, message: string): number {
  const notice = { id: ++lastId, variant, message }
  $notice.set(notice)
  if (held) stopTimer()
  else startTimer(notice)
  return notice.id
}

/**
 * Holds the notice while it is hovered or focused (`true`), so it can be read or its close
 * button reached; let go (`false`), it gets its whole time again.
 */
export function holdNotice(hold: boolean): void {
  held = hold
  const notice = $notice.get()
  if (hold) stopTimer()
  else if (notice) startTimer(notice)
}
