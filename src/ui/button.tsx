import { clsx } from 'clsx'
import type { ButtonHTMLAttributes } from 'react'
import s from './button.module.css'

export type ButtonVariant = 'primary' | 'secondary' | 'text'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  /** Working: the button is disabled and shows a small spinner. */
  busy?: boolean
  /** Takes the whole width of its container. */
  block?: boolean
}

/** The classes of a button, for a link that looks like one. */
export const buttonClass = (variant: ButtonVariant = 'primary', block = false, className?: string) =>
  clsx(s.button, s[variant], block && s.block, className)

export function Button({ variant, busy = false, block, className, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, block, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className={s.busy} aria-hidden="true" />}
      {children}
    </button>
  )
}
