import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import s from './banner.module.css'
import { useT } from './use-t'

export type BannerVariant = 'success' | 'warning' | 'error' | 'info'

export interface BannerProps {
  variant: BannerVariant
  children: ReactNode
  /** Shows a close button that calls this. */
  onClose?: () => void
  className?: string
}

/** The notification bar; an error is announced at once (role alert), the others politely. */
export function Banner({ variant, children, onClose, className }: BannerProps) {
  const t = useT()
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={clsx(s.banner, s[variant], className)}>
      <p className={s.message}>{children}</p>
      {onClose && (
        <button type="button" className={s.close} aria-label={t('ui.closeMessage')} onClick={onClose}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </div>
  )
}
