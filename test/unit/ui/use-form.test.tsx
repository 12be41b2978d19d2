import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Checkbox, TextField } from '../../../src/ui/fields'
import { useForm, type Form, type FormErrors } from '../../../src/ui/use-form'
import { cleanup, descriptionOf, fireEvent, page, render, waitFor } from './testing'

test.after.each(() => cleanup())

type Values = { code: string; sure: boolean }

const validate = (values: Values): FormErrors => ({
  ...(values.code ? {} : { code: 'validation.required' }),
  ...(values.code.length > 3 ? { code: 'Too long for a code' } : {}),
  ...(values.sure ? {} : { sure: 'validation.required' }),
})

/** A two-field form; each submitted value set is pushed to `submitted`. */
function renderForm(submitted: Values[]) {
  function Form() {
    const form = useForm<Values>({ code: '', sure: false }, validate, (values) => submitted.push(values))
    return (
      <form onSubmit={form.submit}>
        <TextField label="Code" {...form.text('code')} />
        <Checkbox label="Sure" {...form.checkbox('sure')} />
        <button type="submit">Send</button>
      </form>
    )
  }
  render(<Form />)
  const view = page()
  return {
    code: () => view.getByLabelText('Code') as HTMLInputElement,
    sure: () => view.getByLabelText('Sure') as HTMLInputElement,
    send: () => fireEvent.click(view.getByRole('button', { name: 'Send' })),
  }
}

test('shows no error before a field is touched', () => {
  const { code, sure } = renderForm([])
  assert.is(descriptionOf(code()), null)
  assert.is(code().getAttribute('aria-invalid'), null)
  assert.is(descriptionOf(sure()), null)
})

test('shows the translated error of a field once it is left', () => {
  const { code, sure } = renderForm([])
  fireEvent.blur(code())
  assert.is(descriptionOf(code()), 'Required')
  assert.is(code().getAttribute('aria-invalid'), 'true')
  assert.is(descriptionOf(sure()), null)
})

test('shows a message that is not a locale key as it is', () => {
  const { code } = renderForm([])
  fireEvent.change(code(), { target: { value: 'ABCD' } })
  fireEvent.blur(code())
  assert.is(descriptionOf(code()), 'Too long for a code')
})

test('touches every field on a failed submit, keeps the values and submits nothing', () => {
  const submitted: Values[] = []
  const { code, sure, send } = renderForm(submitted)
  fireEvent.change(code(), { target: { value: 'ABCD' } })
  send()
  assert.is(descriptionOf(code()), 'Too long for a code')
  assert.is(descriptionOf(sure()), 'Required')
  assert.is(code().value, 'ABCD')
  assert.equal(submitted, [])
})

test('submits the values once nothing is wrong', () => {
  const submitted: Values[] = []
  const { code, sure, send } = renderForm(submitted)
  fireEvent.change(code(), { target: { value: 'ABC' } })
  fireEvent.click(sure())
  send()
  assert.equal(submitted, [{ code: 'ABC', sure: true }])
})

test('moves focus to the first invalid field on a failed submit, all errors shown at once', () => {
  const { code, sure, send } = renderForm([])
  send()
  assert.is(document.activeElement, code())
  assert.is(descriptionOf(code()), 'Required')
  assert.is(descriptionOf(sure()), 'Required')
  fireEvent.change(code(), { target: { value: 'ABC' } })
  send()
  assert.is(document.activeElement, sure())
})

test('moves focus to the first field a refused save marks', async () => {
  function Refused() {
    const form: Form<Values> = useForm<Values>({ code: 'ABC', sure: true }, validate, (): void => form.setServerErrors({ code: 'Code already taken' }))
    return (
      <form onSubmit={form.submit}>
        <TextField label="Code" {...form.text('code')} />
        <Checkbox label="Sure" {...form.checkbox('sure')} />
        <button type="submit">Send</button>
      </form>
    )
  }
  render(<Refused />)
  const send = page().getByRole('button', { name: 'Send' })
  send.focus()
  fireEvent.click(send)
  const code = page().getByLabelText('Code')
  await waitFor(() => assert.is(document.activeElement, code))
  assert.is(descriptionOf(code), 'Code already taken')
  assert.is(code.getAttribute('aria-invalid'), 'true')
})

test.run()
