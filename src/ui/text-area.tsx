import { clsx } from 'clsx'
import { useId } from 'react'
import s from './fields.module.css'

export interface TextAreaProps {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  error?: string
  rows?: number
  maxLength?: number
  className?: string
}

/** A labelled multi-line text field with its error text under it. */
export function TextArea({ label, name, value, onChange, onBlur, error, rows = 4, maxLength, className }: TextAreaProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={clsx(s.field, className)}>
      <label htmlFor={id} className={s.label}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        value={value}
        rows={rows}
        maxLength={maxLength}
        className={clsx(s.input, s.area, error && s.invalid)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
      />
      {error && (
        <p id={errorId} className={s.error}>
          {error}
        </p>
      )}
    </div>
  )
}
