import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import s from './badge.module.css'

/** What a state means, which picks its colours; the words always say it too. */
export type BadgeTone = 'success' | 'warning' | 'error' | 'info' | 'muted'

/**
 * A state as a small pill: a dot and its words, never colour alone. `hollow` draws the dot as a
 * ring, for a state that should also differ by shape (offline, down).
 */
export function Badge({ tone, hollow, children, className }: { tone: BadgeTone; hollow?: boolean; children: ReactNode; className?: string }) {
  return (
    <span className={clsx(s.badge, s[tone], hollow && s.hollow, className)}>
      <span className={s.dot} aria-hidden="true" />
      {children}
    </span>
  )
}
