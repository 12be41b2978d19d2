import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import FormsScreen from '../../../../src/demo/forms/forms-screen'
import { DropZone } from '../../../../src/demo/forms/drop-zone'
import { ResetCodeCard } from '../../../../src/demo/forms/reset-code-form'
import { cleanup, descriptionOf, fireEvent, page, render, within } from '../../ui/testing'

test.after.each(() => cleanup())

const card = (name: string) => within(page().getByRole('region', { name }))
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } })

test('register: touched fields show their errors; mismatched passwords say so; a valid form sends nothing', () => {
  render(<FormsScreen />)
  const register = card('Register')
  const name = register.getByLabelText('Full name')
  fireEvent.blur(name)
  assert.is(descriptionOf(name), 'Required')
  assert.is(descriptionOf(register.getByLabelText('E-mail')), null, 'an untouched field shows nothing')
  type(name, 'Ayu Lestari')
  type(register.getByLabelText('E-mail'), 'ayu@edge.io')
  type(register.getByLabelText('Password'), 'north-gate')
  type(register.getByLabelText('Confirm password'), 'north-gatE')
  fireEvent.click(register.getByRole('button', { name: 'Create account' }))
  assert.is(descriptionOf(register.getByLabelText('Confirm password')), 'Passwords dont match')
  assert.is(descriptionOf(register.getByRole('checkbox')), 'Required', 'the terms are required')
  assert.is(register.queryByRole('status'), null)
  type(register.getByLabelText('Confirm password'), 'north-gate')
  fireEvent.click(register.getByRole('checkbox'))
  fireEvent.click(register.getByRole('button', { name: 'Create account' }))
  assert.is(register.getByRole('status').textContent, 'The form is valid. Nothing was sent: this is a demo.')
})

test('sign-in: an address without a 2 to 4 letter ending is invalid; the password is required only', () => {
  render(<FormsScreen />)
  const signIn = card('Sign in')
  type(signIn.getByLabelText('E-mail'), 'ayu@edge.network')
  fireEvent.blur(signIn.getByLabelText('E-mail'))
  fireEvent.click(signIn.getByRole('button', { name: 'Sign in' }))
  assert.is(descriptionOf(signIn.getByLabelText('E-mail')), 'Invalid email')
  assert.is(descriptionOf(signIn.getByLabelText('Password')), 'Required')
  type(signIn.getByLabelText('E-mail'), 'ayu@edge.net')
  type(signIn.getByLabelText('Password'), 'x')
  fireEvent.click(signIn.getByRole('button', { name: 'Sign in' }))
  assert.ok(signIn.getByRole('status'))
  const lock = card('Lock screen')
  fireEvent.click(lock.getByRole('button', { name: 'Unlock' }))
  assert.is(descriptionOf(lock.getByLabelText('Password')), 'Required')
})

test('the reset form shows the code it made up; the right message succeeds, any other fails', () => {
  render(<ResetCodeCard random={() => 0.042017} />)
  const reset = card('Reset password with a code')
  assert.is(reset.queryByLabelText('Message'), null, 'no message before a code is sent')
  type(reset.getByLabelText('E-mail'), 'ayu@edge.io')
  fireEvent.click(reset.getByRole('button', { name: 'Send code' }))
  const mail = within(reset.getByRole('complementary', { name: "The demo's e-mail" }))
  assert.ok(mail.getByText('To: ayu@edge.io'))
  assert.ok(mail.getByText('Your reset code is 042017.'))
  assert.match(reset.getByRole('status').textContent!, 'No e-mail was sent')
  const message = reset.getByLabelText('Message')
  fireEvent.click(reset.getByRole('button', { name: 'Check code' }))
  assert.is(descriptionOf(message), 'Required')
  type(message, '42017')
  fireEvent.click(reset.getByRole('button', { name: 'Check code' }))
  assert.is(reset.getByRole('alert').textContent, 'This is not the code that was sent.')
  type(message, '042017')
  assert.is(reset.queryByRole('alert'), null, 'a changed message is not yet checked')
  fireEvent.click(reset.getByRole('button', { name: 'Check code' }))
  assert.ok(reset.getByText('The code matches: the password may be reset.'))
})

test('the date and time take their masks as typed and are checked; a valid pair is read back', () => {
  render(<FormsScreen />)
  const when = card('Date and time')
  const date = when.getByLabelText('Date (DD/MM/YYYY)') as HTMLInputElement
  const time = when.getByLabelText('Time (hh:mm AM/PM)') as HTMLInputElement
  type(date, '31022026')
  type(time, '1300p')
  assert.equal([date.value, time.value], ['31/02/2026', '13:00 PM'])
  fireEvent.click(when.getByRole('button', { name: 'Check' }))
  assert.equal([descriptionOf(date), descriptionOf(time)], ['Not a date of the calendar', 'Not a 12-hour time'])
  type(date, '13/03/20261')
  type(time, '09:30 PM')
  fireEvent.click(when.getByRole('button', { name: 'Check' }))
  assert.equal([date.value, descriptionOf(date), descriptionOf(time)], ['13/03/2026', null, null])
  assert.is(when.getByRole('status').textContent, 'Friday, March 13, 2026 at 9:30 PM. Nothing was sent: this is a demo.')
})

test('the drop zone refuses a fourth file, previews pictures only and gives a preview back on removal', () => {
  const made: string[] = []
  const revoked: string[] = []
  const { createObjectURL, revokeObjectURL } = URL
  URL.createObjectURL = (file: Blob) => (made.push((file as File).name), `blob:${(file as File).name}`)
  URL.revokeObjectURL = (url: string) => void revoked.push(url)
  try {
    const { unmount } = render(<DropZone />)
    const drop = card('File drop zone')
    const input = drop.getByLabelText('Choose files') as HTMLInputElement
    assert.equal([input.type, input.multiple], ['file', true])
    const files = ['a.png', 'b.txt', 'c.jpg', 'd.png'].map((name) => new File(['x'], name))
    fireEvent.change(input, { target: { files } })
    assert.ok(drop.getByText('Cannot upload more than 3 items.'))
    assert.ok(drop.getByText('No file chosen yet.'))
    fireEvent.change(input, { target: { files: files.slice(0, 2) } })
    assert.ok(drop.getByText('2 files added.'))
    assert.is((drop.getByRole('img', { name: 'a.png' }) as HTMLImageElement).getAttribute('src'), 'blob:a.png')
    assert.is(drop.queryByRole('img', { name: 'b.txt' }), null, 'a text file shows its name and size')
    assert.ok(drop.getByText('b.txt'))
    assert.is(drop.getAllByText('1 byte').length, 2)
    fireEvent.change(input, { target: { files: files.slice(2) } })
    assert.ok(drop.getByText('Cannot upload more than 3 items.'), 'two more than the one place left')
    fireEvent.change(input, { target: { files: [new File(['x'.repeat(3_000_001)], 'huge.png')] } })
    assert.ok(drop.getByText('File too big, max size is 3MB'))
    fireEvent.click(drop.getByRole('button', { name: 'Remove a.png' }))
    assert.ok(drop.getByText('a.png removed.'))
    assert.equal(revoked, ['blob:a.png'])
    assert.is(document.activeElement, input)
    fireEvent.change(input, { target: { files: [files[2]!] } })
    assert.equal(drop.getAllByRole('listitem').map((item) => item.textContent?.split(' ')[0]), ['b.txt1', 'c.jpg1'])
    assert.is(drop.getByRole('list', { name: 'Chosen files' }).childElementCount, 2)
    unmount()
    assert.equal(made, ['a.png', 'c.jpg'])
    assert.equal(revoked, ['blob:a.png', 'blob:c.jpg'], 'what is still shown is given back when the page goes')
  } finally {
    Object.assign(URL, { createObjectURL, revokeObjectURL })
  }
})

test.run()
