import { map } from 'nanostores'

/**
 * The conversation scrolls to its newest message 300 ms after a send, once the
 * new message is on screen and laid out.
 */
export const CHAT_SCROLL_DELAY_MS = 300
/** How long a made-up contact takes to answer. */
export const CHAT_REPLY_DELAY_MS = 1500
/** `from` of the messages the console's user sends. */
export const ME = 'me'

/** A chat message; `from` is a contact's id or `me`. */
export interface ChatMessage {
  id: string
  from: string
  message: string
  /** The day it was sent, `YYYY-MM-DD`. */
  date: string
  /** The time of day it was sent, `HH:mm`. */
  time: string
}

export interface ChatContact {
  id: string
  name: string
  title: string
  /** What the contact answers, in turn. */
  replies: readonly string[]
}

export interface ChatState {
  /** The contact whose conversation is open. */
  active: string
  /** Each contact's conversation, oldest first. */
  conversations: Record<string, ChatMessage[]>
}

/** Runs `run` after `ms`: `setTimeout` in the browser, a fake clock in the tests. */
export type Schedule = (run: () => void, ms: number) => void

/** The text a message carries, or null when there is nothing to send (empty once trimmed). */
export function messageText(text: string): string | null {
  return text.trim() || null
}

const pad = (n: number) => String(n).padStart(2, '0')

/** `date` and `time` of a message sent at `now`, in the browser's own time zone. */
export function stampOf(now: Date): Pick<ChatMessage, 'date' | 'time'> {
  return {
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
  }
}

export interface ChatOptions {
  schedule?: Schedule
  now?: () => Date
}

/** The chat's state and its moves; `schedule` and `now` are the clock, so a test can hold it. */
export function createChat(
  contacts: readonly ChatContact[],
  conversations: Record<string, readonly ChatMessage[]>,
  { schedule = (run, ms) => void setTimeout(run, ms), now = () => new Date() }: ChatOptions = {},
) {
  const $chat = map<ChatState>({
    active: contacts[0]?.id ?? '',
    conversations: Object.fromEntries(contacts.map((contact) => [contact.id, [...(conversations[contact.id] ?? [])]])),
  })
  let next = 0
  const answered = new Map<string, number>()
  const append = (contact: string, from: string, message: string) => {
    const { conversations } = $chat.get()
    const entry: ChatMessage = { id: `m${++next}`, from, message, ...stampOf(now()) }
    $chat.setKey('conversations', { ...conversations, [contact]: [...(conversations[contact] ?? []), entry] })
  }
  /** The contact's next canned answer, arriving after a moment; the list scrolls to it as to a sent one. */
  const reply = (contact: ChatContact, scroll: () => void) => {
    const turn = answered.get(contact.id) ?? 0
    const answer = contact.replies[turn % contact.replies.length]
    if (!answer) return
    answered.set(contact.id, turn + 1)
    schedule(() => {
      append(contact.id, contact.id, answer)
      schedule(scroll, CHAT_SCROLL_DELAY_MS)
    }, CHAT_REPLY_DELAY_MS)
  }
  return {
    $chat,
    open(contact: string): void {
      if (contacts.some((known) => known.id === contact)) $chat.setKey('active', contact)
    },
    /**
     * Sends `text` (trimmed) to the open conversation and scrolls to it 300 ms later; empty text
     * is ignored (answers false).
     */
    send(text: string, scroll: () => void): boolean {
      const message = messageText(text)
      const contact = contacts.find((known) => known.id === $chat.get().active)
      if (message === null || !contact) return false
      append(contact.id, ME, message)
      schedule(scroll, CHAT_SCROLL_DELAY_MS)
      reply(contact, scroll)
      return true
    },
  }
}

export type ChatStore = ReturnType<typeof createChat>
