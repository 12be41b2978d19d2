import { clsx } from 'clsx'
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { adopted, adoptTyped } from './early-input'
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
  const ref = useRef<HTMLInputElement>(null)
  // Once, as it mounts: what was typed before hydration.
  useEffect(() => adoptTyped(ref.current, input.value, onChange), [])
  useEffect(() => adopted(ref.current, input.value), [input.value])
  return (
    <div className={clsx(s.field, className)}>
      <label htmlFor={id} className={s.label}>
        {label}
      </label>
      <input
        {...input}
        ref={ref}
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
  const ref = useRef<HTMLInputElement>(null)
  // Once, as it mounts: what was typed before hydration.
  useEffect(() => adoptTyped(ref.current, checked, onChange), [])
  useEffect(() => adopted(ref.current, checked), [checked])
  return (
    <div className={clsx(s.field, className)}>
      <div className={s.row}>
        <input
          ref={ref}
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
