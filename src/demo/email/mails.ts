import { map } from 'nanostores'
import { EMAIL_PATTERN } from '../../contract/validation'
import type { FormErrors } from '../../ui/use-form'
import type { Mail, MailCategory } from './mail'
import { MAIL_FIXTURES } from './mail-fixtures'

export type { Mail, MailCategory }

/** The mailbox's eight folders; `stared` is spelt as the template spells it. */
export type Folder = 'inbox' | 'stared' | 'sent' | 'spam' | 'updates' | 'social' | 'promos' | 'forums'
/** The folders proper, then the inbox's categories. */
export const FOLDERS: readonly Folder[] = ['inbox', 'stared', 'sent', 'spam']
export const CATEGORIES: readonly Folder[] = ['updates', 'social', 'promos', 'forums']

export interface Mailbox {
  folder: Folder
  query: string
  /** The open mail; none, and a narrow page shows the list. */
  selected: string | null
  mails: readonly Mail[]
}

export type ComposeValues = { to: string; subject: string; message: string }
export const EMPTY_COMPOSE: ComposeValues = { to: '', subject: '', message: '' }

/**
 * Whether `folder` holds `mail`. The inbox holds every received mail, its categories among them;
 * spam is out of every other folder, the starred one too.
 */
export function inFolder(mail: Mail, folder: Folder): boolean {
  if (folder === 'inbox') return mail.category !== 'sent' && mail.category !== 'spam'
  if (folder === 'stared') return mail.stared && mail.category !== 'spam'
  return mail.category === folder
}

/** How many mails each folder holds, the search aside. */
export const folderCounts = (mails: readonly Mail[]) =>
  Object.fromEntries([...FOLDERS, ...CATEGORIES].map((folder) => [folder, mails.filter((mail) => inFolder(mail, folder)).length])) as Record<Folder, number>

/** The search is a case-insensitive substring of the subject; an empty one matches all. */
export const subjectMatches = (subject: string, query: string) => subject.toLowerCase().includes(query.trim().toLowerCase())

/** The folder's mails that match the search, newest first. */
export function visibleMails({ folder, query, mails }: Pick<Mailbox, 'folder' | 'query' | 'mails'>): Mail[] {
  return mails
    .filter((mail) => inFolder(mail, folder) && subjectMatches(mail.subject, query))
    .sort((a, b) => `${b.date}T${b.time}`.localeCompare(`${a.date}T${a.time}`))
}

/** The address is required and has a basic address's shape with a 2 to 4 letter ending. */
export function composeErrors(values: ComposeValues): FormErrors {
  const to = values.to?.trim()
  if (!to) return { to: 'validation.required' }
  return EMAIL_PATTERN.test(to) ? {} : { to: 'validation.email' }
}

const pad = (n: number) => String(n).padStart(2, '0')
/** A moment as a mail's date and time, in local time. */
export const stamp = (now: Date) => ({
  date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
  time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
})

/** The e-mail page's state (the folder, the search, the open mail and the mails) and its moves. */
export function createMailbox(initial: readonly Mail[] = MAIL_FIXTURES) {
  const $mailbox = map<Mailbox>({ folder: 'inbox', query: '', selected: null, mails: initial.map((mail) => ({ ...mail })) })
  let next = initial.length
  const mails = () => $mailbox.get().mails
  const change = (key: string, update: (mail: Mail) => Mail) =>
    $mailbox.setKey(
      'mails',
      mails().map((mail) => (mail.key === key ? update(mail) : mail)),
    )
  /** The mail leaves the reading pane when it leaves its place. */
  const close = (key: string) => $mailbox.get().selected === key && $mailbox.setKey('selected', null)
  return {
    $mailbox,
    /** Opens a folder, with no mail open in it. */
    setFolder(folder: Folder): void {
      $mailbox.set({ ...$mailbox.get(), folder, selected: null })
    },
    setQuery: (query: string) => $mailbox.setKey('query', query),
    /** Opens a mail; null goes back to the list. */
    open: (key: string | null) => $mailbox.setKey('selected', key),
    toggleStar: (key: string) => change(key, (mail) => ({ ...mail, stared: !mail.stared })),
    /** Moves a mail to spam, or (out of spam) back to the inbox. */
    move(key: string, category: 'spam' | 'inbox'): void {
      change(key, (mail) => ({ ...mail, category }))
      close(key)
    },
    remove(key: string): void {
      $mailbox.setKey(
        'mails',
        mails().filter((mail) => mail.key !== key),
      )
      close(key)
    },
    /** Sends a valid message: it lands in Sent, dated `now`. Answers its key, or null when invalid. */
    send(values: ComposeValues, now = new Date()): string | null {
      if (Object.keys(composeErrors(values)).length) return null
      let key: string
      do key = `m${++next}`
      while (mails().some((mail) => mail.key === key))
      const sent: Mail = { key, subject: values.subject.trim(), content: values.message.trim(), name: values.to.trim(), avatar: '', ...stamp(now), category: 'sent', stared: false }
      $mailbox.setKey('mails', [...mails(), sent])
      return key
    },
  }
}

export type MailboxStore = ReturnType<typeof createMailbox>

/** The demo page's mails: they live as long as the tab. */
export const mailbox = createMailbox()
