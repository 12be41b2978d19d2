import { clsx } from 'clsx'
import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import s from './fields.module.css'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>

export interface TextFieldProps extends InputProps {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  /** The message under the input; give it only once the field is touched. */
  error?: string
  className?: string
}

/** A labelled input with its error text under it. */
export function TextField({ label, error, onChange, className, type = 'text', ...input }: TextFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={clsx(s.field, className)}>
      <label htmlFor={id} className={s.label}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        type={type}
        className={clsx(s.input, error && s.invalid)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {error && (
        <p id={errorId} className={s.error}>
          {error}
        </p>
      )}
    </div>
  )
}

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
        <label htmlFor={id} className={s.boxLabel}>
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className={clsx(s.error, s.boxError)}>
          {error}
        </p>
      )}
    </div>
  )
}

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
