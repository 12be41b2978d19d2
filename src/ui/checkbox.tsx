import { clsx } from 'clsx'
import { useId, type ReactNode } from 'react'
import s from './checkbox.module.css'

export interface CheckboxProps {
  /** The label; may hold a link. */
  label: ReactNode
  name: string
  checked: boolean
  onChange: (checked: boolean) => void
  onBlur?: () => void
  /** The message under the box; give it only once the field is touched. */
  error?: string
  disabled?: boolean
  className?: string
}

/** A labelled checkbox with its error text under it. */
export function Checkbox({ label, name, checked, onChange, onBlur, error, disabled, className }: CheckboxProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={clsx(s.field, className)}>
      <div className={s.row}>
        <input
          id={id}
          type="checkbox"
          name={name}
          className={s.box}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.currentTarget.checked)}
          onBlur={onBlur}
        />
        <label htmlFor={id} className={s.label}>
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className={s.error}>
          {error}
        </p>
      )}
    </div>
  )
}
