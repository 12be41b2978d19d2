import '../../setup'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CHAT_SCROLL_DELAY_MS, createChat, type ChatContact } from '../../../../src/demo/chat/chat'
import { Chat } from '../../../../src/demo/chat/chat-screen'
import { cleanup, fireEvent, page, render } from '../../ui/testing'

test.after.each(() => cleanup())

const CONTACTS: ChatContact[] = [
  { id: 'ana', name: 'Ana Silva', title: 'Engineer', replies: ['Sure.'] },
  { id: 'bo', name: 'Bo Lind', title: 'Technician', replies: [] },
]

const open = () => {
  const scheduled: { ms: number; run: () => void }[] = []
  const chat = createChat(CONTACTS, { ana: [{ id: 'x', from: 'ana', message: 'Morning!', date: '2024-05-01', time: '09:00' }] }, {
    schedule: (run, ms) => void scheduled.push({ ms, run }),
  })
  render(<Chat chat={chat} contacts={CONTACTS} />)
  return { scheduled, view: page() }
}

const said = () => page().getByRole('log').querySelectorAll('li')
const lastSaid = () => [...said()].at(-1)?.querySelector('p')?.textContent

test('Enter sends the trimmed message; Shift+Enter and an empty message send nothing', () => {
  const { view } = open()
  const field = view.getByLabelText('Message') as HTMLTextAreaElement
  fireEvent.change(field, { target: { value: '   ' } })
  fireEvent.keyDown(field, { key: 'Enter' })
  assert.is(said().length, 1)
  fireEvent.change(field, { target: { value: 'Is the uplink back?' } })
  fireEvent.keyDown(field, { key: 'Enter', shiftKey: true })
  assert.is(said().length, 1, 'Shift+Enter leaves the line to the field')
  fireEvent.keyDown(field, { key: 'Enter' })
  assert.is(said().length, 2)
  assert.is(lastSaid(), 'Is the uplink back?')
  assert.is([...said()].at(-1)!.textContent!.startsWith('You:'), true)
  assert.is(field.value, '')
})

test('the conversation scrolls to the newest message 300 ms after a send', () => {
  const { scheduled, view } = open()
  const log = view.getByRole('log', { name: 'Conversation with Ana Silva' })
  Object.defineProperty(log, 'scrollHeight', { value: 900, configurable: true })
  log.scrollTop = 0
  fireEvent.change(view.getByLabelText('Message'), { target: { value: 'Hello' } })
  fireEvent.click(view.getByRole('button', { name: 'Send' }))
  const scroll = scheduled.find((entry) => entry.ms === CHAT_SCROLL_DELAY_MS)
  assert.ok(scroll, 'a scroll is scheduled 300 ms on')
  assert.is(log.scrollTop, 0)
  scroll!.run()
  assert.is(log.scrollTop, 900)
})

test('a contact opens its own conversation', () => {
  const { view } = open()
  const bo = view.getByRole('button', { name: /Bo Lind/ })
  assert.is(bo.getAttribute('aria-pressed'), 'false')
  fireEvent.click(bo)
  assert.is(bo.getAttribute('aria-pressed'), 'true')
  assert.ok(view.getByRole('heading', { name: 'Bo Lind' }))
  assert.ok(view.getByText('No messages yet. Say hello!'))
  fireEvent.change(view.getByLabelText('Message'), { target: { value: 'Hi Bo' } })
  fireEvent.keyDown(view.getByLabelText('Message'), { key: 'Enter' })
  assert.is(lastSaid(), 'Hi Bo')
})

test.run()
