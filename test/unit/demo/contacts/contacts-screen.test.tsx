import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Contacts } from '../../../../src/demo/contacts/contacts-screen'
import { createContactBook, EMPTY_CONTACT, type Contact } from '../../../../src/demo/contacts/contacts'
import { cleanup, descriptionOf, fireEvent, page, render, waitFor, within } from '../../ui/testing'

test.after.each(() => cleanup())

const createContact = (overrides: Partial<Contact> & Pick<Contact, 'key' | 'name'>): Contact => ({ ...EMPTY_CONTACT, avatar: '', ...overrides })

const open = () => {
  const book = createContactBook([
    createContact({ key: 'a', name: 'Amara Okafor', title: 'Field engineer', phone: '+49 30 1', companyEmail: 'amara@north.test', favorited: true }),
    createContact({ key: 'b', name: 'Bastian Krüger', title: 'Operations' }),
    createContact({ key: 'c', name: 'Chen Wei', title: 'Firmware', favorited: true }),
  ])
  render(<Contacts book={book} />)
  return { book, view: page() }
}

const listed = () =>
  within(page().getByRole('tabpanel'))
    .queryAllByRole('button')
    .map((button) => button.querySelector('span > span')?.textContent)

test('the search narrows the list and the total; the tabs show all or the favourites', () => {
  const { view } = open()
  assert.equal(listed(), ['Amara Okafor', 'Bastian Krüger', 'Chen Wei'])
  assert.is(view.getByRole('status').textContent, 'Total: 3 contacts')
  fireEvent.change(view.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'KRÜ' } })
  assert.equal(listed(), ['Bastian Krüger'])
  assert.is(view.getByRole('status').textContent, 'Total: 1 contact')
  fireEvent.change(view.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: '' } })
  const favorites = view.getByRole('tab', { name: 'Favorites' })
  assert.is(view.getByRole('tab', { name: 'All' }).getAttribute('aria-selected'), 'true')
  fireEvent.click(favorites)
  assert.is(favorites.getAttribute('aria-selected'), 'true')
  assert.is(favorites.tabIndex, 0)
  assert.equal(listed(), ['Amara Okafor', 'Chen Wei'])
  assert.is(view.getByRole('status').textContent, 'Total: 2 contacts')
  assert.is(view.getByRole('tabpanel').getAttribute('aria-labelledby'), favorites.id)
})

test('the arrow keys move between the tabs, and the choice follows', () => {
  const { view } = open()
  fireEvent.keyDown(view.getByRole('tab', { name: 'All' }), { key: 'ArrowRight' })
  assert.is(view.getByRole('tab', { name: 'Favorites' }).getAttribute('aria-selected'), 'true')
  assert.is(document.activeElement, view.getByRole('tab', { name: 'Favorites' }))
  fireEvent.keyDown(view.getByRole('tab', { name: 'Favorites' }), { key: 'Home' })
  assert.is(view.getByRole('tab', { name: 'All' }).getAttribute('aria-selected'), 'true')
})

test('a chosen contact shows its fields; the favourite toggles, and Back leaves it', () => {
  const { book, view } = open()
  assert.ok(view.getByText('Choose a contact to see their details.'))
  fireEvent.click(view.getByRole('button', { name: /^Amara Okafor/ }))
  const detail = within(view.getByRole('region', { name: 'Amara Okafor' }))
  assert.ok(detail.getByText('Field engineer'))
  assert.is(detail.getByRole('link', { name: '+49 30 1' }).getAttribute('href'), 'tel:+49301')
  assert.is(detail.getByRole('link', { name: 'amara@north.test' }).getAttribute('href'), 'mailto:amara@north.test')
  assert.is(detail.queryByText('Secondary phone'), null, 'an empty field is left out')
  const favorite = detail.getByRole('button', { name: 'Favorite' })
  assert.is(favorite.getAttribute('aria-pressed'), 'true')
  fireEvent.click(favorite)
  assert.is(favorite.getAttribute('aria-pressed'), 'false')
  assert.is(book.$book.get().contacts[0]!.favorited, false)
  fireEvent.click(detail.getByRole('button', { name: 'Back to the list' }))
  assert.is(view.queryByRole('region', { name: 'Amara Okafor' }), null)
  assert.ok(view.getByText('Choose a contact to see their details.'))
})

test('the add form shows Required and Invalid email on touched fields, then adds the contact and shows it', async () => {
  const { view } = open()
  fireEvent.click(view.getByRole('button', { name: 'Add contact' }))
  const dialog = within(await view.findByRole('dialog', { name: 'Add a contact' }))
  const name = dialog.getByRole('textbox', { name: 'Name' })
  assert.is(dialog.queryByText('Required'), null, 'nothing said before a field is touched')
  fireEvent.blur(name)
  await waitFor(() => assert.is(descriptionOf(name), 'Required'))
  const email = dialog.getByRole('textbox', { name: 'Personal e-mail' })
  fireEvent.change(email, { target: { value: 'nia@depot' } })
  fireEvent.blur(email)
  await waitFor(() => assert.is(descriptionOf(email), 'Invalid email'))
  fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
  assert.ok(view.getByRole('dialog'), 'an invalid form stays open')
  fireEvent.change(name, { target: { value: 'Nia Obi' } })
  fireEvent.change(email, { target: { value: 'nia@depot.test' } })
  fireEvent.click(dialog.getByRole('checkbox', { name: 'Favorite' }))
  fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.equal(listed(), ['Amara Okafor', 'Bastian Krüger', 'Chen Wei', 'Nia Obi'])
  assert.is(view.getByRole('status').textContent, 'Total: 4 contacts')
  const detail = within(view.getByRole('region', { name: 'Nia Obi' }))
  assert.ok(detail.getByRole('link', { name: 'nia@depot.test' }))
  assert.is(detail.getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed'), 'true')
})

test('edit changes the contact; delete asks, then removes it', async () => {
  const { view } = open()
  fireEvent.click(view.getByRole('button', { name: /^Chen Wei/ }))
  fireEvent.click(view.getByRole('button', { name: 'Edit' }))
  const dialog = within(await view.findByRole('dialog', { name: 'Edit Chen Wei' }))
  const title = dialog.getByRole('textbox', { name: 'Title' }) as HTMLInputElement
  assert.is(title.value, 'Firmware')
  fireEvent.change(title, { target: { value: 'Firmware lead' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Save' }))
  await waitFor(() => assert.ok(within(view.getByRole('region', { name: 'Chen Wei' })).getByText('Firmware lead')))
  fireEvent.click(view.getByRole('button', { name: 'Delete' }))
  const confirm = within(await view.findByRole('dialog', { name: 'Delete Chen Wei?' }))
  fireEvent.click(confirm.getByRole('button', { name: 'Delete' }))
  await waitFor(() => assert.is(view.queryByRole('dialog'), null))
  assert.equal(listed(), ['Amara Okafor', 'Bastian Krüger'])
  assert.ok(view.getByText('Choose a contact to see their details.'))
})

test.run()
