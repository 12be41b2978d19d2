/** Where a mail belongs: received (the inbox, or one of its four categories), sent, or spam. */
export type MailCategory = 'inbox' | 'sent' | 'spam' | 'updates' | 'social' | 'promos' | 'forums'

/** A demo e-mail. */
export interface Mail {
  key: string
  subject: string
  content: string
  /** The other party: the sender of a received mail, the recipient of a sent one. */
  name: string
  /** A photo's address; empty draws the name's initials. */
  avatar: string
  /** `YYYY-MM-DD`, local time. */
  date: string
  /** `HH:mm`, local time. */
  time: string
  category: MailCategory
  stared: boolean
}
