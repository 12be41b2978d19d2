import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { Checked } from '../contract/validation'
import { messageText } from '../lib/i18n'
import { useT } from './use-t'

/** A form's values: text, flags, numbers and lists (rights, tags, scopes). */
export type FormValue = string | boolean | number | null | readonly string[]
export type FormValues = Record<string, FormValue>

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

export interface ListBinding {
  name: string
  value: readonly string[]
  error?: string
  onChange: (value: readonly string[]) => void
  onBlur: () => void
}

type Keys<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string

export interface Form<V extends FormValues> {
  values: V
  /** Every current error, touched or not; the server's win until their field changes. */
  errors: FormErrors
  touched: Partial<Record<keyof V, boolean>>
  setValue: <K extends keyof V>(name: K, value: V[K]) => void
  /** Props for a `TextField` or a `Select`: the value, its handlers, the error once touched. */
  text: (name: Keys<V, string>) => TextFieldBinding
  /** Props for a number typed in a `TextField`; what is typed stays until it reads as a number. */
  number: (name: Keys<V, number | null>) => TextFieldBinding
  /** Props for a `Checkbox`. */
  checkbox: (name: Keys<V, boolean>) => CheckboxBinding
  /** Props for a group of checkboxes or a tag list: the chosen values. */
  list: (name: Keys<V, readonly string[]>) => ListBinding
  /** Touches every field, then calls `onSubmit` only when nothing is wrong. */
  submit: (event?: FormEvent) => void
  /** Starts again from `values` (a record that loaded or saved): nothing touched, no server errors. */
  reset: (values: V) => void
  /** The field errors of a refused save (`errors` of a 400), shown on their fields at once. */
  setServerErrors: (errors: FormErrors | undefined) => void
  /** Whether any value differs from where the form started. */
  dirty: boolean
  /** The values the form started from (as loaded, or as last saved): the base of a merge. */
  start: V
}

/** The field errors of a `check()` result. */
export const errorsOf = (result: Checked<unknown>): FormErrors => (result.ok ? {} : result.errors)

export const same = (a: FormValue | undefined, b: FormValue | undefined) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, index) => item === b[index]) : a === b

/** The first control of `form`, in the order it is read, that shows an error. */
function firstInvalid(form: HTMLFormElement, errors: FormErrors): HTMLElement | null {
  const named = Array.from(form.elements).find(
    (element): element is HTMLInputElement =>
      element instanceof HTMLElement && 'name' in element && Boolean(errors[(element as HTMLInputElement).name]) && !(element as HTMLInputElement).disabled,
  )
  return named ?? form.querySelector<HTMLElement>('[aria-invalid="true"]')
}

/**
 * A small form: `values` as typed, `errors` from `validate(values)` on every render, and
 * `touched` so that a field shows its error only after the user has left it or tried to submit.
 * A failed submit, local or on the server, changes nothing the user typed: every error shows at
 * once and focus moves to the first invalid field, which names its error (`aria-describedby`).
 */
export function useForm<V extends FormValues>(
  initial: V,
  validate: (values: V) => FormErrors,
  onSubmit: (values: V) => unknown,
): Form<V> {
  useT()
  const [start, setStart] = useState(initial)
  const [values, setValues] = useState(initial)
  const [typed, setTyped] = useState<Partial<Record<string, string>>>({})
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({})
  const [server, setServer] = useState<FormErrors>({})
  const errors: FormErrors = { ...validate(values), ...server }
  // The form last submitted, and a count of refusals whose first invalid field takes the focus once drawn.
  const formElement = useRef<HTMLFormElement | null>(null)
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    const element = refusals && formElement.current?.isConnected ? firstInvalid(formElement.current, errors) : null
    element?.focus()
    // Only a new refusal moves the focus, never typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals])

  const shown = (name: string) => {
    const error = errors[name]
    return (touched[name] || server[name]) && error ? messageText(error) : undefined
  }
  const setValue = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((old) => ({ ...old, [name]: value }))
    setServer((old) => (name in old ? Object.fromEntries(Object.entries(old).filter(([key]) => key !== name)) : old))
  }
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
    number: (name) => ({
      name,
      value: typed[name] ?? (values[name] === null ? '' : String(values[name])),
      error: shown(name),
      onChange: (text) => {
        setTyped((old) => ({ ...old, [name]: text }))
        const parsed = text.trim() === '' ? null : Number(text)
        setValue(name, (parsed === null || Number.isFinite(parsed) ? parsed : NaN) as V[typeof name])
      },
      onBlur: () => touch(name),
    }),
    checkbox: (name) => ({
      name,
      checked: values[name] === true,
      error: shown(name),
      onChange: (checked) => setValue(name, checked as V[typeof name]),
      onBlur: () => touch(name),
    }),
    list: (name) => ({
      name,
      value: (values[name] as readonly string[] | undefined) ?? [],
      error: shown(name),
      onChange: (value) => setValue(name, value as V[typeof name]),
      onBlur: () => touch(name),
    }),
    submit: (event) => {
      event?.preventDefault()
      if (event?.currentTarget instanceof HTMLFormElement) formElement.current = event.currentTarget
      setTouched(Object.fromEntries(Object.keys(values).map((name) => [name, true])) as Partial<Record<keyof V, boolean>>)
      if (Object.values(errors).some(Boolean)) return setRefusals((n) => n + 1)
      void onSubmit(values)
    },
    reset: (next) => {
      setStart(next)
      setValues(next)
      setTyped({})
      setTouched({})
      setServer({})
    },
    setServerErrors: (next) => {
      setServer(next ?? {})
      if (next && Object.values(next).some(Boolean)) setRefusals((n) => n + 1)
    },
    dirty: Object.keys(values).some((name) => !same(values[name], start[name])),
    start,
  }
}
