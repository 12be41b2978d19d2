import { clsx } from 'clsx'
import { useT } from './use-t'

export interface SpinnerProps {
  /** What is loading; read by screen readers only. */
  label?: string
  className?: string
}

/** A small ring that turns while something loads (styles in `styles/boot.css`). */
export function Spinner({ label, className }: SpinnerProps) {
  const t = useT()
  return (
    <div role="status" className={clsx('spinner', className)}>
      <span className="spinner-ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('ui.loading')}</span>
    </div>
  )
}
