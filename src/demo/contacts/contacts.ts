import { map } from 'nanostores'
import { EMAIL_PATTERN } from '../../contract/validation'
import type { FormErrors } from '../../ui/use-form'
import type { Contact, ContactValues } from './contact'
import { CONTACT_FIXTURES } from './contact-fixtures'

export type { Contact, ContactValues }

export type ContactTab = 'all' | 'favorites'
export const CONTACT_TABS: readonly ContactTab[] = ['all', 'favorites']

export interface ContactBook {
  tab: ContactTab
  query: string
  /** The contact the detail panel shows; none, and a narrow screen shows the list. */
  selected: string | null
  contacts: readonly Contact[]
}

export const EMPTY_CONTACT: ContactValues = {
  name: '',
  title: '',
  phone: '',
  secondaryPhone: '',
  personalEmail: '',
  companyEmail: '',
  address: '',
  website: '',
  favorited: false,
}

/** The fields that hold an e-mail address. */
const EMAIL_FIELDS = ['personalEmail', 'companyEmail'] as const

/** The search is a case-insensitive substring of the name; an empty one matches all. */
export const nameMatches = (name: string, query: string) => name.toLowerCase().includes(query.trim().toLowerCase())

/** The contacts of the tab that match the search, by name; their number is the total shown. */
export function visibleContacts({ tab, query, contacts }: Pick<ContactBook, 'tab' | 'query' | 'contacts'>): Contact[] {
  return contacts
    .filter((contact) => (tab === 'all' || contact.favorited) && nameMatches(contact.name, query))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * The name is required; an e-mail address, if given, has a basic address's
 * shape with a 2 to 4 letter ending. The messages are locale keys the form translates.
 */
export function contactErrors(values: ContactValues): FormErrors {
  const errors: FormErrors = {}
  if (!values.name?.trim()) errors.name = 'validation.required'
  for (const field of EMAIL_FIELDS) {
    const address = values[field]?.trim()
    if (address && !EMAIL_PATTERN.test(address)) errors[field] = 'validation.email'
  }
  return errors
}

/** The values as a contact keeps them: text trimmed. */
const cleaned = (values: ContactValues): ContactValues =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value.trim() : value])) as ContactValues

/** The contacts page's state (the tab, the search, the chosen contact and the contacts) and its moves. */
export function createContactBook(initial: readonly Contact[] = CONTACT_FIXTURES) {
  const $book = map<ContactBook>({ tab: 'all', query: '', selected: null, contacts: initial.map((contact) => ({ ...contact })) })
  let next = initial.length
  const contacts = () => $book.get().contacts
  const change = (key: string, update: (contact: Contact) => Contact) =>
    $book.setKey(
      'contacts',
      contacts().map((contact) => (contact.key === key ? update(contact) : contact)),
    )
  return {
    $book,
    setTab: (tab: ContactTab) => $book.setKey('tab', tab),
    setQuery: (query: string) => $book.setKey('query', query),
    /** Shows a contact in the detail panel; null goes back to the list. */
    select: (key: string | null) => $book.setKey('selected', key),
    toggleFavorite: (key: string) => change(key, (contact) => ({ ...contact, favorited: !contact.favorited })),
    /**
     * Adds a valid contact and shows it, answering its key (null when invalid). When the tab or
     * the search would hide it, they step aside so the new contact is in the list.
     */
    add(values: ContactValues): string | null {
      if (Object.keys(contactErrors(values)).length) return null
      let key: string
      do key = `c${++next}`
      while (contacts().some((contact) => contact.key === key))
      const added: Contact = { ...cleaned(values), key, avatar: '' }
      const state = { ...$book.get(), contacts: [...contacts(), added] }
      const hidden = !visibleContacts(state).includes(added)
      $book.set({ ...state, selected: key, ...(hidden ? { tab: 'all', query: '' } : {}) })
      return key
    },
    /** Saves valid values over a contact's; answers whether it did. */
    update(key: string, values: ContactValues): boolean {
      if (Object.keys(contactErrors(values)).length || !contacts().some((contact) => contact.key === key)) return false
      change(key, (contact) => ({ ...contact, ...cleaned(values) }))
      return true
    },
    remove(key: string): void {
      const { selected } = $book.get()
      $book.set({ ...$book.get(), contacts: contacts().filter((contact) => contact.key !== key), selected: selected === key ? null : selected })
    },
  }
}

export type ContactBookStore = ReturnType<typeof createContactBook>

/** The demo page's contacts: they live as long as the tab. */
export const contactBook = createContactBook()
