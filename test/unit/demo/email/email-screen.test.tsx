import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Email } from '../../../../src/demo/email/email-screen'
import { createMailbox, type Mail } from '../../../../src/demo/email/mails'
import { cleanup, descriptionOf, fireEvent, page, render, waitFor, within } from '../../ui/testing'

test.after.each(() => cleanup())

const createMail = (overrides: Partial<Mail> & Pick<Mail, 'key' | 'subject'>): Mail => ({
  content: 'Hello.',
  name: 'Someone',
  avatar: '',
  date: '2026-11-01',
  time: '09:00',
  category: 'inbox',
  stared: false,
  ...overrides,
})

const open = () => {
  const mailbox = createMailbox([
    createMail({ key: 'a', subject: 'Gateway back online', name: 'Jonas Weber', content: 'It rebooted.\n\nNo data lost.', date: '2026-11-25', time: '08:42' }),
    createMail({ key: 'b', subject: 'Firmware ready', category: 'updates', stared: true }),
    createMail({ key: 'c', subject: 'Spare gateways', category: 'sent', name: 'dewi@depot.test' }),
    createMail({ key: 'd', subject: 'You won a router', category: 'spam' }),
  ])
  render(<Email mailbox={mailbox} />)
  return { mailbox, view: page() }
}

const folders = () => within(page().getByRole('navigation', { name: 'Mail folders' }))
/** The keys of the listed mails, in order. */
const listed = () => [...document.querySelectorAll<HTMLElement>('button[data-key]')].map((button) => button.dataset.key)
/** The button that opens the listed mail of `subject` (its row's star names the subject too). */
const row = (subject: string) => page().getAllByRole('button', { name: new RegExp(subject) }).find((button) => button.dataset.key)!

test('the eight folders show their counts; a folder shows its mails', () => {
  const { view } = open()
  const names = folders()
    .getAllByRole('button')
    .slice(1)
    .map((button) => button.textContent)
  assert.equal(names, ['Inbox 2 mails', 'Starred 1 mail', 'Sent 1 mail', 'Spam 1 mail', 'Updates 1 mail', 'Social 0 mails', 'Promos 0 mails', 'Forums 0 mails'])
  assert.is(folders().getByRole('button', { name: 'Inbox 2 mails' }).getAttribute('aria-current'), 'true')
  assert.equal(listed(), ['a', 'b'])
  fireEvent.click(folders().getByRole('button', { name: /^Sent/ }))
  assert.ok(view.getByRole('heading', { name: 'Sent' }))
  assert.equal(listed(), ['c'])
  assert.is(view.getByRole('status').textContent, '1 mail')
  fireEvent.click(folders().getByRole('button', { name: /^Social/ }))
  assert.ok(view.getByText('No mail here.'))
})

test('the search on the subject narrows the list', () => {
  const { view } = open()
  fireEvent.change(view.getByRole('searchbox', { name: 'Search by subject' }), { target: { value: 'FIRM' } })
  assert.equal(listed(), ['b'])
  fireEvent.change(view.getByRole('searchbox', { name: 'Search by subject' }), { target: { value: 'jonas' } })
  assert.equal(listed(), [], 'the sender is not searched')
})

test('an open mail shows its sender, date, time and content; star, spam and delete act on it', async () => {
  const { mailbox, view } = open()
  fireEvent.click(row('Gateway back online'))
  const mail = within(view.getByRole('region', { name: 'Gateway back online' }))
  assert.ok(mail.getByText('From Jonas Weber'))
  assert.is(mail.getByText(/2026/).getAttribute('datetime'), '2026-11-25T08:42')
  assert.match(mail.getByText(/2026/).textContent!, /8:42/)
  assert.ok(mail.getByText('It rebooted.') && mail.getByText('No data lost.'))
  fireEvent.click(mail.getByRole('button', { name: 'Starred' }))
  assert.is(mail.getByRole('button', { name: 'Starred' }).getAttribute('aria-pressed'), 'true')
  assert.is(folders().getByRole('button', { name: /^Starred/ }).textContent, 'Starred 2 mails')
  fireEvent.click(mail.getByRole('button', { name: 'Move to spam' }))
  assert.equal(listed(), ['b'])
  assert.ok(view.getByText('Choose a mail to read it.'))
  fireEvent.click(folders().getByRole('button', { name: /^Spam/ }))
  fireEvent.click(row('You won a router'))
  fireEvent.click(view.getByRole('button', { name: 'Delete' }))
  assert.equal(listed(), ['a'])
  assert.equal(
    mailbox.$mailbox.get().mails.map((mail) => mail.key),
    ['a', 'b', 'c'],
  )
})

test('a row star toggles without opening the mail', () => {
  const { view } = open()
  const star = view.getByRole('button', { name: 'Star: Firmware ready' })
  assert.is(star.getAttribute('aria-pressed'), 'true')
  fireEvent.click(star)
  assert.is(star.getAttribute('aria-pressed'), 'false')
  assert.ok(view.getByText('Choose a mail to read it.'))
})

test('compose checks the address, sends to Sent with a notice; Cancel discards', async () => {
  const { view } = open()
  fireEvent.click(view.getByRole('button', { name: 'Compose' }))
  let dialog = within(await view.findByRole('dialog', { name: 'New message' }))
  const to = dialog.getByRole('textbox', { name: 'To' })
  fireEvent.click(dialog.getByRole('button', { name: 'Send' }))
  await waitFor(() => assert.is(descriptionOf(to), 'Required'))
  fireEvent.change(to, { target: { value: 'dewi@depot' } })
  await waitFor(() => assert.is(descriptionOf(to), 'Invalid email'))
  fireEvent.change(dialog.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Draft to forget' } })
  // The title bar's close button is Cancel too; this is the one under the fields.
  fireEvent.click(dialog.getAllByRole('button', { name: 'Cancel' }).at(-1)!)
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.is(folders().getByRole('button', { name: /^Sent/ }).textContent, 'Sent 1 mail', 'nothing sent')

  fireEvent.click(view.getByRole('button', { name: 'Compose' }))
  dialog = within(await view.findByRole('dialog', { name: 'New message' }))
  assert.is((dialog.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value, '', 'the cancelled draft is gone')
  fireEvent.change(dialog.getByRole('textbox', { name: 'To' }), { target: { value: 'dewi@depot.test' } })
  fireEvent.change(dialog.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Spares shipped' } })
  fireEvent.change(dialog.getByRole('textbox', { name: 'Message' }), { target: { value: 'Six gateways.' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Send' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.match(view.getAllByRole('status')[0]!.textContent!, /^Message sent to dewi@depot.test\./)
  assert.is(folders().getByRole('button', { name: /^Sent/ }).textContent, 'Sent 2 mails')
  fireEvent.click(folders().getByRole('button', { name: /^Sent/ }))
  fireEvent.click(row('Spares shipped'))
  const mail = within(view.getByRole('region', { name: 'Spares shipped' }))
  assert.ok(mail.getByText('To dewi@depot.test') && mail.getByText('Six gateways.'))
  assert.is(mail.queryByRole('button', { name: 'Move to spam' }), null, 'a sent mail is not spam')
})

test.run()
