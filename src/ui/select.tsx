import { clsx } from 'clsx'
import { useId } from 'react'
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
  disabled?: boolean
  /** Shows the label to screen readers only, for a select whose purpose its row makes plain. */
  hideLabel?: boolean
  className?: string
}

/** A labelled native select: the browser's own list, keyboard and screen reader behaviour. */
export function Select({ label, name, value, options, onChange, onBlur, error, disabled, hideLabel, className }: SelectProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={clsx(s.field, className)}>
      <label htmlFor={id} className={clsx(s.label, hideLabel && 'visually-hidden')}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        className={clsx(s.input, s.select, error && s.invalid)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className={s.error}>
          {error}
        </p>
      )}
    </div>
  )
}
