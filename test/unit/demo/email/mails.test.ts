import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { MAIL_FIXTURES } from '../../../../src/demo/email/mail-fixtures'
import {
  CATEGORIES,
  composeErrors,
  createMailbox,
  EMPTY_COMPOSE,
  folderCounts,
  FOLDERS,
  inFolder,
  stamp,
  subjectMatches,
  visibleMails,
  type Mail,
} from '../../../../src/demo/email/mails'

/** A received mail with only what a test names. */
const createMail = (overrides: Partial<Mail> & Pick<Mail, 'key' | 'subject'>): Mail => ({
  content: '',
  name: 'Someone',
  avatar: '',
  date: '2026-11-01',
  time: '09:00',
  category: 'inbox',
  stared: false,
  ...overrides,
})

const MAILS = [
  createMail({ key: 'a', subject: 'Gateway back online', date: '2026-11-02', stared: true }),
  createMail({ key: 'b', subject: 'Firmware ready', category: 'updates', time: '10:00' }),
  createMail({ key: 'c', subject: 'Spare gateways', category: 'sent', stared: true }),
  createMail({ key: 'd', subject: 'You won a GATEWAY', category: 'spam', stared: true }),
  createMail({ key: 'e', subject: 'Dinner', category: 'social' }),
]

const subjects = (box: ReturnType<typeof createMailbox>) => visibleMails(box.$mailbox.get()).map((mail) => mail.key)

test('the eight folders: four folders, then the four categories', () => {
  assert.equal([...FOLDERS, ...CATEGORIES], ['inbox', 'stared', 'sent', 'spam', 'updates', 'social', 'promos', 'forums'])
})

test('the inbox holds every received mail; starred the starred but spam; the others their category', () => {
  const where = (folder: Parameters<typeof inFolder>[1]) => MAILS.filter((mail) => inFolder(mail, folder)).map((mail) => mail.key)
  assert.equal(where('inbox'), ['a', 'b', 'e'])
  assert.equal(where('stared'), ['a', 'c'])
  assert.equal(where('sent'), ['c'])
  assert.equal(where('spam'), ['d'])
  assert.equal(where('updates'), ['b'])
  assert.equal(where('social'), ['e'])
  assert.equal(where('promos'), [])
  assert.equal(folderCounts(MAILS), { inbox: 3, stared: 2, sent: 1, spam: 1, updates: 1, social: 1, promos: 0, forums: 0 })
})

test('the search is a case-insensitive substring of the subject, within the folder, newest first', () => {
  assert.ok(subjectMatches('Gateway back online', 'GATEWAY B'))
  assert.ok(subjectMatches('Gateway back online', ' '))
  assert.not.ok(subjectMatches('Gateway back online', 'someone'), 'the subject only, not the sender')
  const box = createMailbox(MAILS)
  assert.equal(subjects(box), ['a', 'b', 'e'], 'by date, then time')
  box.setQuery('gateway')
  assert.equal(subjects(box), ['a'])
  box.setFolder('spam')
  assert.equal(subjects(box), ['d'])
  box.setQuery('')
  box.setFolder('stared')
  assert.equal(subjects(box), ['a', 'c'])
})

test('a folder opens with no mail open in it', () => {
  const box = createMailbox(MAILS)
  box.open('a')
  assert.is(box.$mailbox.get().selected, 'a')
  box.setFolder('sent')
  assert.equal([box.$mailbox.get().folder, box.$mailbox.get().selected], ['sent', null])
})

test('the star toggles and the starred folder follows', () => {
  const box = createMailbox(MAILS)
  box.toggleStar('e')
  assert.is(folderCounts(box.$mailbox.get().mails).stared, 3)
  box.toggleStar('e')
  box.toggleStar('a')
  assert.is(folderCounts(box.$mailbox.get().mails).stared, 1)
})

test('a mail moves to spam and back to the inbox, and leaves the reading pane', () => {
  const box = createMailbox(MAILS)
  box.open('a')
  box.move('a', 'spam')
  assert.equal(folderCounts(box.$mailbox.get().mails), { inbox: 2, stared: 1, sent: 1, spam: 2, updates: 1, social: 1, promos: 0, forums: 0 })
  assert.is(box.$mailbox.get().selected, null)
  box.move('d', 'inbox')
  assert.ok(inFolder(box.$mailbox.get().mails.find((mail) => mail.key === 'd')!, 'inbox'))
})

test('deleting removes the mail and closes it when open', () => {
  const box = createMailbox(MAILS)
  box.open('b')
  box.remove('a')
  assert.is(box.$mailbox.get().selected, 'b')
  box.remove('b')
  assert.is(box.$mailbox.get().selected, null)
  assert.equal(subjects(box), ['e'])
})

test('the address is required and needs a basic shape with a 2 to 4 letter ending', () => {
  assert.equal(composeErrors(EMPTY_COMPOSE), { to: 'validation.required' })
  assert.equal(composeErrors({ ...EMPTY_COMPOSE, to: '   ' }), { to: 'validation.required' })
  assert.equal(composeErrors({ ...EMPTY_COMPOSE, to: null as unknown as string }), { to: 'validation.required' })
  assert.equal(composeErrors({ ...EMPTY_COMPOSE, to: 'dewi@depot' }), { to: 'validation.email' })
  assert.equal(composeErrors({ ...EMPTY_COMPOSE, to: 'dewi@depot.museum' }), { to: 'validation.email' })
  assert.equal(composeErrors({ ...EMPTY_COMPOSE, to: '@depot.com' }), { to: 'validation.email' })
  assert.equal(composeErrors({ ...EMPTY_COMPOSE, to: ' dewi@depot.co ' }), {})
  assert.equal(composeErrors({ ...EMPTY_COMPOSE, to: 'dewi@depot.info' }), {}, 'subject and message are optional')
})

test('sending a valid message puts it in Sent, dated now; an invalid one is refused', () => {
  const box = createMailbox(MAILS)
  const now = new Date(2026, 10, 26, 7, 5)
  assert.is(box.send({ ...EMPTY_COMPOSE, to: 'dewi@depot' }, now), null)
  assert.is(box.$mailbox.get().mails.length, 5)
  const key = box.send({ to: ' dewi@depot.test ', subject: ' Spares shipped ', message: 'Six gateways.\n' }, now)!
  const sent = box.$mailbox.get().mails.find((mail) => mail.key === key)!
  assert.equal(sent, { key, subject: 'Spares shipped', content: 'Six gateways.', name: 'dewi@depot.test', avatar: '', date: '2026-11-26', time: '07:05', category: 'sent', stared: false })
  box.setFolder('sent')
  assert.equal(subjects(box), [key, 'c'])
  assert.is(new Set(box.$mailbox.get().mails.map((mail) => mail.key)).size, 6)
})

test('a date and time are written in local time, zero-padded', () => {
  assert.equal(stamp(new Date(2027, 0, 3, 14, 9)), { date: '2027-01-03', time: '14:09' })
})

test('the made-up mails: about fifteen, every folder holds some, each with every field', () => {
  assert.ok(MAIL_FIXTURES.length >= 15)
  assert.is(new Set(MAIL_FIXTURES.map((mail) => mail.key)).size, MAIL_FIXTURES.length)
  for (const [folder, count] of Object.entries(folderCounts(MAIL_FIXTURES))) assert.ok(count > 0, folder)
  for (const mail of MAIL_FIXTURES) {
    assert.equal(Object.keys(mail).sort(), ['avatar', 'category', 'content', 'date', 'key', 'name', 'stared', 'subject', 'time'])
    assert.match(mail.date, /^\d{4}-\d{2}-\d{2}$/)
    assert.match(mail.time, /^\d{2}:\d{2}$/)
  }
})

test('each mailbox is its own: the fixtures are copied, not shared', () => {
  const one = createMailbox()
  const two = createMailbox()
  one.toggleStar('m1')
  assert.is.not(one.$mailbox.get().mails[0]!.stared, two.$mailbox.get().mails[0]!.stared)
})

test.run()
