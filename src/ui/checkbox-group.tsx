import { clsx } from 'clsx'
import { useId } from 'react'
import s from './fields.module.css'
import type { SelectOption } from './select'

export interface CheckboxGroupProps {
  legend: string
  name: string
  options: readonly (SelectOption & { hint?: string; disabled?: boolean })[]
  value: readonly string[]
  onChange: (value: readonly string[]) => void
  onBlur?: () => void
  error?: string
  className?: string
}

/** A fieldset of checkboxes choosing several values, such as a key's scopes. */
export function CheckboxGroup({ legend, name, options, value, onChange, onBlur, error, className }: CheckboxGroupProps) {
  const id = useId()
  const errorId = `${id}-error`
  const toggle = (option: string, on: boolean) =>
    onChange(on ? options.map((o) => o.value).filter((v) => v === option || value.includes(v)) : value.filter((v) => v !== option))
  return (
    <fieldset className={clsx(s.field, s.group, className)} aria-describedby={error ? errorId : undefined}>
      <legend className={s.label}>{legend}</legend>
      {options.map((option) => (
        <div key={option.value} className={s.row}>
          <input
            id={`${id}-${option.value}`}
            type="checkbox"
            name={name}
            value={option.value}
            className={s.box}
            checked={value.includes(option.value)}
            disabled={option.disabled}
            onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            onBlur={onBlur}
          />
          <label htmlFor={`${id}-${option.value}`} className={s.boxLabel}>
            {option.label}
            {option.hint && <span className={s.hint}>{option.hint}</span>}
          </label>
        </div>
      ))}
      {error && (
        <p id={errorId} className={s.error}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
