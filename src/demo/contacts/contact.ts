/** What the add and edit form holds: every field of a contact but its key and avatar. */
export type ContactValues = {
  name: string
  title: string
  phone: string
  secondaryPhone: string
  personalEmail: string
  companyEmail: string
  address: string
  website: string
  favorited: boolean
}

/** A demo contact. */
export type Contact = ContactValues & {
  key: string
  /** A photo's address; empty draws the name's initials. */
  avatar: string
}
