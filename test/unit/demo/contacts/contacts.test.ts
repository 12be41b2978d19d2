import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CONTACT_FIXTURES } from '../../../../src/demo/contacts/contact-fixtures'
import { contactErrors, createContactBook, EMPTY_CONTACT, nameMatches, visibleContacts, type Contact, type ContactValues } from '../../../../src/demo/contacts/contacts'

/** A contact with only what a test names. */
const createContact = (overrides: Partial<Contact> & Pick<Contact, 'key' | 'name'>): Contact => ({ ...EMPTY_CONTACT, avatar: '', ...overrides })
const values = (overrides: Partial<ContactValues>): ContactValues => ({ ...EMPTY_CONTACT, ...overrides })

const PEOPLE = [
  createContact({ key: 'a', name: 'Zoe Adams', favorited: true }),
  createContact({ key: 'b', name: 'adam Brook' }),
  createContact({ key: 'c', name: 'Carla Diaz', favorited: true }),
]

const names = (book: ReturnType<typeof createContactBook>) => visibleContacts(book.$book.get()).map((contact) => contact.name)

test('the search is a case-insensitive substring of the name, and an empty one matches all', () => {
  assert.ok(nameMatches('Zoe Adams', 'ADAM'))
  assert.ok(nameMatches('Zoe Adams', 'e ad'))
  assert.ok(nameMatches('Zoe Adams', ''))
  assert.ok(nameMatches('Zoe Adams', '  '))
  assert.not.ok(nameMatches('Zoe Adams', 'adamz'))
  assert.not.ok(nameMatches('Zoe Adams', 'zoe@'), 'the name only, not the address')
})

test('the list shows the tab and the search, by name; its length is the total shown', () => {
  const book = createContactBook(PEOPLE)
  assert.equal(names(book), ['adam Brook', 'Carla Diaz', 'Zoe Adams'])
  book.setQuery('adam')
  assert.equal(names(book), ['adam Brook', 'Zoe Adams'])
  book.setTab('favorites')
  assert.equal(names(book), ['Zoe Adams'])
  book.setQuery('')
  assert.equal(names(book), ['Carla Diaz', 'Zoe Adams'])
})

test('the favourite toggles, and the Favorites tab follows', () => {
  const book = createContactBook(PEOPLE)
  book.setTab('favorites')
  book.toggleFavorite('b')
  assert.equal(names(book), ['adam Brook', 'Carla Diaz', 'Zoe Adams'])
  book.toggleFavorite('b')
  book.toggleFavorite('a')
  assert.equal(names(book), ['Carla Diaz'])
})

test('the name is required; e-mail addresses, when given, need a 2 to 4 letter ending', () => {
  assert.equal(contactErrors(values({ name: 'Ada' })), {})
  assert.equal(contactErrors(values({ name: '   ' })), { name: 'validation.required' })
  assert.equal(contactErrors({ ...values({}), name: null as unknown as string }), { name: 'validation.required' }, 'a null value is Required')
  assert.equal(contactErrors(values({ name: 'Ada', personalEmail: 'ada@home.de', companyEmail: ' ada@work.info ' })), {})
  assert.equal(contactErrors(values({ name: 'Ada', personalEmail: 'ada@home', companyEmail: 'ada@work.museum' })), {
    personalEmail: 'validation.email',
    companyEmail: 'validation.email',
  })
  assert.equal(contactErrors(values({ name: 'Ada', companyEmail: 'ada@work.c' })), { companyEmail: 'validation.email' })
  assert.equal(contactErrors(values({ name: 'Ada', companyEmail: 'ada work@site.com' })), { companyEmail: 'validation.email' })
})

test('adding keeps a valid contact, trimmed, shows it and answers its key; an invalid one is refused', () => {
  const book = createContactBook(PEOPLE)
  assert.is(book.add(values({ name: '' })), null)
  assert.is(book.add(values({ name: 'Nia', personalEmail: 'nia@x' })), null)
  assert.is(book.$book.get().contacts.length, 3)
  const key = book.add(values({ name: '  Nia Obi ', companyEmail: ' nia@depot.test ' }))!
  const added = book.$book.get().contacts.find((contact) => contact.key === key)!
  assert.equal(added, createContact({ key, name: 'Nia Obi', companyEmail: 'nia@depot.test' }))
  assert.is(book.$book.get().selected, key)
  assert.is(new Set(book.$book.get().contacts.map((contact) => contact.key)).size, 4)
})

test('a new contact that the tab or the search would hide brings the list back to all', () => {
  const book = createContactBook(PEOPLE)
  book.setTab('favorites')
  book.setQuery('zoe')
  book.add(values({ name: 'Zoe Lim', favorited: true }))
  assert.equal([book.$book.get().tab, book.$book.get().query], ['favorites', 'zoe'], 'shown as it is')
  book.add(values({ name: 'Omar Said' }))
  assert.equal([book.$book.get().tab, book.$book.get().query], ['all', ''])
  assert.ok(names(book).includes('Omar Said'))
})

test('an edit saves valid values over the contact, keeping its key and avatar', () => {
  const book = createContactBook([createContact({ key: 'a', name: 'Zoe Adams', avatar: '/a.png' })])
  assert.is(book.update('a', values({ name: '' })), false)
  assert.is(book.update('a', values({ name: 'Zoe', companyEmail: 'bad' })), false)
  assert.is(book.update('missing', values({ name: 'Zoe' })), false)
  assert.is(book.update('a', values({ name: ' Zoe Adams-Lee ', title: 'Lead' })), true)
  assert.equal(book.$book.get().contacts, [createContact({ key: 'a', name: 'Zoe Adams-Lee', title: 'Lead', avatar: '/a.png' })])
})

test('deleting removes the contact and, when it was shown, the detail', () => {
  const book = createContactBook(PEOPLE)
  book.select('b')
  book.remove('a')
  assert.is(book.$book.get().selected, 'b')
  book.remove('b')
  assert.is(book.$book.get().selected, null)
  assert.equal(names(book), ['Carla Diaz'])
})

test('the made-up contacts have every field of a contact, valid, and keys of their own', () => {
  assert.ok(CONTACT_FIXTURES.length >= 10)
  assert.is(new Set(CONTACT_FIXTURES.map((contact) => contact.key)).size, CONTACT_FIXTURES.length)
  for (const contact of CONTACT_FIXTURES) {
    assert.equal(Object.keys(contact).sort(), [...Object.keys(EMPTY_CONTACT), 'key', 'avatar'].sort())
    assert.equal(contactErrors(contact), {}, contact.name)
  }
  assert.ok(CONTACT_FIXTURES.some((contact) => contact.favorited) && CONTACT_FIXTURES.some((contact) => !contact.favorited))
})

test('each book is its own: the fixtures are copied, not shared', () => {
  const one = createContactBook()
  const two = createContactBook()
  one.toggleFavorite('c1')
  assert.is.not(one.$book.get().contacts[0]!.favorited, two.$book.get().contacts[0]!.favorited)
})

test.run()
