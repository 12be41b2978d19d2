import { useState, type FormEvent } from 'react'
import type { Checked } from '../contract/validation'
import { messageText } from '../lib/i18n'
import { useT } from './use-t'

export type FormValues = Record<string, string | boolean>

/** Field name -> message (a locale key, or text); a field without an entry is valid. */
export type FormErrors = Partial<Record<string, string>>

export interface TextFieldBinding {
  name: string
  value: string
  error?: string
  onChange: (value: string) => void
  onBlur: () => void
}

export interface CheckboxBinding {
  name: string
  checked: boolean
  error?: string
  onChange: (checked: boolean) => void
  onBlur: () => void
}

export interface Form<V extends FormValues> {
  values: V
  /** Every current error, touched or not. */
  errors: FormErrors
  touched: Partial<Record<keyof V, boolean>>
  setValue: <K extends keyof V>(name: K, value: V[K]) => void
  /** Props for a `TextField`: the value, its change and blur handlers, the error once touched. */
  text: (name: keyof V & string) => TextFieldBinding
  /** Props for a `Checkbox`. */
  checkbox: (name: keyof V & string) => CheckboxBinding
  /** Touches every field, then calls `onSubmit` only when nothing is wrong. */
  submit: (event?: FormEvent) => void
}

/** The field errors of a `check()` result. */
export const errorsOf = (result: Checked<unknown>): FormErrors => (result.ok ? {} : result.errors)

/**
 * A small form: `values` as typed, `errors` from `validate(values)` on every render, and
 * `touched` so that a field shows its error only after the user has left it or tried to submit.
 * A failed submit changes nothing but `touched`, so what the user typed stays.
 */
export function useForm<V extends FormValues>(
  initial: V,
  validate: (values: V) => FormErrors,
  onSubmit: (values: V) => unknown,
): Form<V> {
  useT()
  const [values, setValues] = useState(initial)
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({})
  const errors = validate(values)

  const shown = (name: keyof V & string) => {
    const error = errors[name]
    return touched[name] && error ? messageText(error) : undefined
  }
  const setValue = <K extends keyof V>(name: K, value: V[K]) => setValues((old) => ({ ...old, [name]: value }))
  const touch = (name: keyof V) => setTouched((old) => (old[name] ? old : { ...old, [name]: true }))

  return {
    values,
    errors,
    touched,
    setValue,
    text: (name) => ({
      name,
      value: String(values[name] ?? ''),
      error: shown(name),
      onChange: (value) => setValue(name, value as V[typeof name]),
      onBlur: () => touch(name),
    }),
    checkbox: (name) => ({
      name,
      checked: values[name] === true,
      error: shown(name),
      onChange: (checked) => setValue(name, checked as V[typeof name]),
      onBlur: () => touch(name),
    }),
    submit: (event) => {
      event?.preventDefault()
      setTouched(Object.fromEntries(Object.keys(values).map((name) => [name, true])) as Partial<Record<keyof V, boolean>>)
      if (Object.values(errors).some(Boolean)) return
      void onSubmit(values)
    },
  }
}
