import { clsx } from 'clsx'
import { useId, type ReactNode } from 'react'
import { FieldLabel, useFieldNotes } from './field-parts'
import s from './fields.module.css'

export interface SelectOption {
  value: string
  label: string
}

export interface SelectProps {
  label: string
  name: string
  value: string
  options: readonly SelectOption[]
  onChange: (value: string) => void
  onBlur?: () => void
  error?: string
  /** What the choice means, said under it and tied to it. */
  hint?: ReactNode
  disabled?: boolean
  /** A choice that must be made, marked from the start. */
  required?: boolean
  /** Shows the label to screen readers only, for a select whose purpose its row makes plain. */
  hideLabel?: boolean
  className?: string
}

/** A labelled native select: the browser's own list, keyboard and screen reader behaviour. */
export function Select({ label, name, value, options, onChange, onBlur, error, hint, disabled, required, hideLabel, className }: SelectProps) {
  const id = useId()
  const { describedBy, notes } = useFieldNotes(id, { error, hint })
  return (
    <div className={clsx(s.field, className)}>
      <FieldLabel htmlFor={id} required={required && !hideLabel} className={clsx(s.label, hideLabel && 'visually-hidden')}>
        {label}
      </FieldLabel>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        required={required}
        className={clsx(s.input, s.select, error && s.invalid)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {notes}
    </div>
  )
}
