import '../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import '../../../src/ui/console-texts'
import { CheckboxGroup } from '../../../src/ui/checkbox-group'
import { TextField } from '../../../src/ui/fields'
import { useForm, type FormErrors } from '../../../src/ui/use-form'
import { cleanup, descriptionOf, fireEvent, page, render } from './testing'

test.after.each(() => cleanup())

type Values = { name: string; port: number | null; scopes: readonly string[] }

const createValues = (overrides: Partial<Values> = {}): Values => ({ name: 'gate-1', port: 8080, scopes: ['read'], ...overrides })

const validate = (values: Values): FormErrors => ({
  ...(values.name ? {} : { name: 'validation.required' }),
  ...(values.port === null || (Number.isInteger(values.port) && values.port >= 1 && values.port <= 65_535) ? {} : { port: 'fields.range' }),
})

/**
 * A device form with a text, a number and a list field. Submitted values go to `submitted`;
 * "Load" resets the form to `loaded`, "Refuse" puts `refusal` on it as a refused save would.
 */
function renderForm({ submitted = [] as Values[], initial = createValues(), loaded = createValues(), refusal = {} as FormErrors } = {}) {
  function Form() {
    const form = useForm<Values>(initial, validate, (values) => submitted.push(values))
    return (
      <form onSubmit={form.submit}>
        <TextField label="Name" {...form.text('name')} />
        <TextField label="Port" inputMode="numeric" {...form.number('port')} />
        <CheckboxGroup
          legend="Scopes"
          options={[
            { value: 'read', label: 'Read' },
            { value: 'write', label: 'Write' },
            { value: 'admin', label: 'Admin' },
          ]}
          {...form.list('scopes')}
        />
        <p role="status">{form.dirty ? 'Unsaved changes' : ''}</p>
        <button type="button" onClick={() => form.reset(loaded)}>
          Load
        </button>
        <button type="button" onClick={() => form.setServerErrors(refusal)}>
          Refuse
        </button>
        <button type="submit">Save</button>
      </form>
    )
  }
  render(<Form />)
  const view = page()
  const input = (label: string) => view.getByLabelText(label) as HTMLInputElement
  return {
    input,
    type: (label: string, value: string) => fireEvent.change(input(label), { target: { value } }),
    click: (name: string) => fireEvent.click(view.getByRole('button', { name })),
    toggle: (label: string) => fireEvent.click(input(label)),
    checked: () => ['Read', 'Write', 'Admin'].filter((label) => input(label).checked),
    status: () => view.getByRole('status').textContent,
  }
}

test('shows a number as text and submits what is typed as a number', () => {
  const submitted: Values[] = []
  const form = renderForm({ submitted })
  assert.is(form.input('Port').value, '8080')
  form.type('Port', '443')
  form.click('Save')
  assert.equal(submitted, [createValues({ port: 443 })])
})

test('keeps typed text that is not a number and refuses to submit it', () => {
  const submitted: Values[] = []
  const form = renderForm({ submitted })
  form.type('Port', '44x')
  assert.is(form.input('Port').value, '44x')
  form.click('Save')
  assert.is(form.input('Port').value, '44x')
  assert.is(descriptionOf(form.input('Port')), 'Out of range')
  assert.equal(submitted, [])
})

test('keeps the text as typed while it reads as a number', () => {
  const submitted: Values[] = []
  const form = renderForm({ submitted })
  form.type('Port', '80.')
  assert.is(form.input('Port').value, '80.')
  form.click('Save')
  assert.equal(submitted, [createValues({ port: 80 })])
})

test('reads an empty number field as no number', () => {
  const submitted: Values[] = []
  const form = renderForm({ submitted })
  form.type('Port', ' ')
  form.click('Save')
  assert.equal(submitted, [createValues({ port: null })])
})

test('shows no number as an empty field', () => {
  const form = renderForm({ initial: createValues({ port: null }) })
  assert.is(form.input('Port').value, '')
})

test('binds a list to a group of checkboxes, in the order they are offered', () => {
  const submitted: Values[] = []
  const form = renderForm({ submitted, initial: createValues({ scopes: ['write'] }) })
  assert.equal(form.checked(), ['Write'])
  form.toggle('Admin')
  form.toggle('Read')
  assert.equal(form.checked(), ['Read', 'Write', 'Admin'])
  form.toggle('Write')
  form.click('Save')
  assert.equal(submitted, [createValues({ scopes: ['read', 'admin'] })])
})

test('reset shows the new values, drops typed text and errors, and is the new start', () => {
  const submitted: Values[] = []
  const form = renderForm({ submitted, loaded: createValues({ name: 'gate-2', port: 22, scopes: ['admin'] }) })
  form.type('Name', '')
  form.type('Port', '44x')
  form.click('Save')
  assert.is(descriptionOf(form.input('Name')), 'Required')
  form.click('Load')
  assert.equal(
    [form.input('Name').value, form.input('Port').value, form.checked()],
    ['gate-2', '22', ['Admin']],
  )
  assert.equal(
    [descriptionOf(form.input('Name')), descriptionOf(form.input('Port'))],
    [null, null],
  )
  assert.is(form.status(), '')
  form.click('Save')
  assert.equal(submitted, [createValues({ name: 'gate-2', port: 22, scopes: ['admin'] })])
})

test('shows the server’s field errors at once, translated, without the field being touched', () => {
  const form = renderForm({ refusal: { name: 'Name already taken', port: 'fields.range' } })
  form.click('Refuse')
  assert.equal(
    [descriptionOf(form.input('Name')), descriptionOf(form.input('Port'))],
    ['Name already taken', 'Out of range'],
  )
  assert.is(form.input('Name').getAttribute('aria-invalid'), 'true')
})

test('clears a server error when its field changes, and only that one', () => {
  const form = renderForm({ refusal: { name: 'Name already taken', port: 'fields.range' } })
  form.click('Refuse')
  form.type('Name', 'gate-9')
  assert.equal(
    [descriptionOf(form.input('Name')), descriptionOf(form.input('Port'))],
    [null, 'Out of range'],
  )
  form.type('Port', '9000')
  assert.is(descriptionOf(form.input('Port')), null)
})

test('a server error holds a submit back until its field changes', () => {
  const submitted: Values[] = []
  const form = renderForm({ submitted, refusal: { name: 'Name already taken' } })
  form.click('Refuse')
  form.click('Save')
  assert.equal(submitted, [])
  form.type('Name', 'gate-9')
  form.click('Save')
  assert.equal(submitted, [createValues({ name: 'gate-9' })])
})

test('is dirty while a value differs from the start, and clean once all are back', () => {
  const form = renderForm()
  const seen = [form.status()]
  form.type('Name', 'gate-2')
  seen.push(form.status())
  form.type('Name', 'gate-1')
  seen.push(form.status())
  form.type('Port', '80')
  seen.push(form.status())
  form.type('Port', '8080')
  seen.push(form.status())
  form.toggle('Write')
  seen.push(form.status())
  form.toggle('Write')
  seen.push(form.status())
  assert.equal(seen, ['', 'Unsaved changes', '', 'Unsaved changes', '', 'Unsaved changes', ''])
})

test('typed text that is not a number makes the form dirty', () => {
  const form = renderForm()
  form.type('Port', '80a')
  assert.is(form.status(), 'Unsaved changes')
})

test.run()
