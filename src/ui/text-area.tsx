import { clsx } from 'clsx'
import { useId, type ReactNode } from 'react'
import { FieldLabel, useFieldNotes } from './field-parts'
import s from './fields.module.css'

export interface TextAreaProps {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  error?: string
  /** What the field takes, said under it and tied to it. */
  hint?: ReactNode
  rows?: number
  maxLength?: number
  required?: boolean
  className?: string
}

/** A labelled multi-line text field with its error, hint and, near its limit, a counter under it. */
export function TextArea({ label, name, value, onChange, onBlur, error, hint, rows = 4, maxLength, required, className }: TextAreaProps) {
  const id = useId()
  const { describedBy, notes } = useFieldNotes(id, { error, hint, length: value.length, maxLength })
  return (
    <div className={clsx(s.field, className)}>
      <FieldLabel htmlFor={id} required={required} className={s.label}>
        {label}
      </FieldLabel>
      <textarea
        id={id}
        name={name}
        value={value}
        rows={rows}
        maxLength={maxLength}
        required={required}
        className={clsx(s.input, s.area, error && s.invalid)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
      />
      {notes}
    </div>
  )
}
