import { clsx } from 'clsx'
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { adopted, adoptTyped } from './early-input'
import { FieldLabel, useFieldNotes } from './field-parts'
import s from './fields.module.css'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>

export interface TextFieldProps extends InputProps {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  /** The message under the input; give it only once the field is touched. */
  error?: string
  /** What the field takes, said under it and tied to it; a hint that changes is announced. */
  hint?: ReactNode
  className?: string
}

/**
 * A labelled input with its error, hint and, near its `maxLength`, a counter under it; a required
 * one is marked from the start.
 */
export function TextField({ label, error, hint, onChange, className, type = 'text', ...input }: TextFieldProps) {
  const id = useId()
  const ref = useRef<HTMLInputElement>(null)
  const { describedBy, notes } = useFieldNotes(id, { error, hint, length: input.value.length, maxLength: input.maxLength })
  // Once, as it mounts: what was typed before hydration.
  useEffect(() => adoptTyped(ref.current, input.value, onChange), [])
  useEffect(() => adopted(ref.current, input.value), [input.value])
  return (
    <div className={clsx(s.field, className)}>
      <FieldLabel htmlFor={id} required={input.required} className={s.label}>
        {label}
      </FieldLabel>
      <input
        {...input}
        ref={ref}
        id={id}
        type={type}
        className={clsx(s.input, error && s.invalid)}
        aria-required={input.required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {notes}
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
  /** A box that must be ticked (terms), marked from the start. */
  required?: boolean
  className?: string
}

/** A labelled checkbox with its error text under it. */
export function Checkbox({ label, name, checked, onChange, onBlur, error, disabled, required, className }: CheckboxProps) {
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
          required={required}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.currentTarget.checked)}
          onBlur={onBlur}
        />
        <FieldLabel htmlFor={id} required={required} className={s.boxLabel}>
          {label}
        </FieldLabel>
      </div>
      {error && (
        <p id={errorId} className={clsx(s.error, s.boxError)}>
          {error}
        </p>
      )}
    </div>
  )
}
