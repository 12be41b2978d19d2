import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CHAT_REPLY_DELAY_MS, CHAT_SCROLL_DELAY_MS, createChat, ME, messageText, stampOf, type ChatContact } from '../../../../src/demo/chat/chat'

const CONTACTS: ChatContact[] = [
  { id: 'ana', name: 'Ana Silva', title: 'Engineer', replies: ['First answer', 'Second answer'] },
  { id: 'bo', name: 'Bo Lind', title: 'Technician', replies: [] },
]

/** A clock the test holds: what was scheduled, and a way to run what is due. */
function fakeClock() {
  const pending: { at: number; run: () => void }[] = []
  let time = 0
  return {
    schedule: (run: () => void, ms: number) => void pending.push({ at: time + ms, run }),
    /** Moves the clock on by `ms`, running what falls due on the way, in order. */
    tick(ms: number) {
      const end = time + ms
      for (;;) {
        pending.sort((a, b) => a.at - b.at)
        const due = pending[0]
        if (!due || due.at > end) break
        pending.shift()
        time = due.at
        due.run()
      }
      time = end
    },
  }
}

const setup = () => {
  const clock = fakeClock()
  const chat = createChat(CONTACTS, { ana: [{ id: 'x', from: 'ana', message: 'Hi', date: '2024-05-01', time: '09:00' }] }, {
    schedule: clock.schedule,
    now: () => new Date(2024, 4, 14, 9, 5),
  })
  const texts = (contact = 'ana') => chat.$chat.get().conversations[contact]!.map((entry) => `${entry.from}: ${entry.message}`)
  return { clock, chat, texts }
}

test('a message is its text trimmed; an empty or blank one is nothing to send', () => {
  assert.is(messageText('  Hello there \n'), 'Hello there')
  assert.is(messageText('Line one\nLine two'), 'Line one\nLine two')
  assert.is(messageText(''), null)
  assert.is(messageText(' \n\t '), null)
})

test('a message is stamped with its day and its time of day', () => {
  assert.equal(stampOf(new Date(2024, 0, 5, 7, 3)), { date: '2024-01-05', time: '07:03' })
  assert.equal(stampOf(new Date(2024, 11, 31, 23, 59)), { date: '2024-12-31', time: '23:59' })
})

test('sending appends the trimmed message from me to the open conversation; empty text is ignored', () => {
  const { chat, texts } = setup()
  assert.is(chat.send('   ', () => {}), false)
  assert.equal(texts(), ['ana: Hi'])
  assert.is(chat.send('  Is the gateway up? ', () => {}), true)
  assert.equal(texts(), ['ana: Hi', `${ME}: Is the gateway up?`])
  const sent = chat.$chat.get().conversations.ana!.at(-1)!
  assert.equal({ ...sent, id: typeof sent.id }, { id: 'string', from: ME, message: 'Is the gateway up?', date: '2024-05-14', time: '09:05' })
  chat.open('bo')
  chat.send('Hello Bo', () => {})
  assert.equal(texts('bo'), [`${ME}: Hello Bo`])
  assert.is(texts().length, 2)
})

test('the conversation scrolls 300 ms after a send, not before', () => {
  const { clock, chat } = setup()
  assert.is(CHAT_SCROLL_DELAY_MS, 300)
  const scrolls: number[] = []
  let now = 0
  chat.send('Hello', () => scrolls.push(now))
  now = 299
  clock.tick(299)
  assert.equal(scrolls, [])
  now = 300
  clock.tick(1)
  assert.equal(scrolls, [300])
  chat.send('   ', () => scrolls.push(-1))
  clock.tick(1000)
  assert.ok(!scrolls.includes(-1), 'an ignored message does not scroll')
})

test('a made-up reply follows after a moment, in turn, and scrolls 300 ms after it arrives', () => {
  const { clock, chat, texts } = setup()
  const scrolls: string[] = []
  chat.send('One', () => scrolls.push(texts().at(-1)!))
  clock.tick(CHAT_REPLY_DELAY_MS - 1)
  assert.equal(texts(), ['ana: Hi', `${ME}: One`])
  clock.tick(1)
  assert.equal(texts(), ['ana: Hi', `${ME}: One`, 'ana: First answer'])
  clock.tick(CHAT_SCROLL_DELAY_MS)
  assert.equal(scrolls, [`${ME}: One`, 'ana: First answer'])
  chat.send('Two', () => {})
  chat.send('Three', () => {})
  clock.tick(CHAT_REPLY_DELAY_MS)
  assert.equal(texts().slice(-2), ['ana: Second answer', 'ana: First answer'])
})

test('a contact with nothing to say does not answer; an unknown contact does not open', () => {
  const { clock, chat, texts } = setup()
  chat.open('bo')
  chat.send('Anyone?', () => {})
  clock.tick(10_000)
  assert.equal(texts('bo'), [`${ME}: Anyone?`])
  chat.open('nobody')
  assert.is(chat.$chat.get().active, 'bo')
})

test('each chat is its own: the fixtures are copied, not shared', () => {
  const one = setup()
  const two = setup()
  one.chat.send('Only here', () => {})
  assert.is(two.texts().length, 1)
})

test.run()
