import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import s from './fields.module.css'
import { useT } from './use-t'

/** The share of a field's limit from which its counter shows. */
const COUNT_FROM = 0.8

/**
 * A field's label, with a visible mark when the field is required. The mark is drawn by the style
 * sheet with an empty alternative text, so it is not part of the label's name; screen readers hear
 * the control's `aria-required`.
 */
export function FieldLabel({ htmlFor, required, className, children }: { htmlFor: string; required?: boolean; className?: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className={clsx(className, required && s.required)} data-required={required || undefined}>
      {children}
    </label>
  )
}

export interface FieldNotes {
  /** The ids for the control's `aria-describedby`: error, hint, then counter. */
  describedBy: string | undefined
  /** The error, hint and counter under the control. */
  notes: ReactNode
}

/**
 * What is said under a field: its error, its hint (a live region, so a hint that changes is heard)
 * and, from 80 % of `maxLength` on, how much of the limit is used, politely announced.
 */
export function useFieldNotes(id: string, { error, hint, length, maxLength }: { error?: string; hint?: ReactNode; length?: number; maxLength?: number }): FieldNotes {
  const t = useT()
  const counting = maxLength !== undefined && maxLength > 0 && length !== undefined && length >= Math.ceil(maxLength * COUNT_FROM)
  const ids = [error && `${id}-error`, hint && `${id}-hint`, counting && `${id}-count`].filter(Boolean)
  return {
    describedBy: ids.length ? ids.join(' ') : undefined,
    notes: (
      <>
        {error && (
          <p id={`${id}-error`} className={s.error}>
            {error}
          </p>
        )}
        {hint !== undefined && hint !== null && (
          <p id={`${id}-hint`} className={clsx(s.hint, s.note)} aria-live="polite">
            {hint}
          </p>
        )}
        {counting && (
          <p className={clsx(s.counter, length >= maxLength && s.full)}>
            <span aria-hidden="true" data-counter>
              {length} / {maxLength}
            </span>
            <span id={`${id}-count`} role="status" aria-live="polite" className="visually-hidden">
              {t('ui.counter', { used: length, max: maxLength })}
            </span>
          </p>
        )}
      </>
    ),
  }
}
