import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { $locale } from '../../stores/locale'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import { ME, type ChatContact, type ChatMessage, type ChatStore } from './chat'
import { chat as defaultChat, CONTACTS } from './chat-fixtures'
import s from './chat-screen.module.css'
import './texts'

const person = (name: string) => ({ name, email: '', avatar: '' })

/** One message: the sender is said for screen readers, the side shows it for sight. */
function Message({ entry, contact }: { entry: ChatMessage; contact: ChatContact }) {
  const t = useT()
  const locale = useStore($locale)
  const stamp = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }), [locale])
  const mine = entry.from === ME
  return (
    <li className={clsx(s.message, mine && s.mine)}>
      <span className="visually-hidden">{t('demo-chat.said', { name: mine ? t('demo-chat.you') : contact.name })} </span>
      <p className={s.bubble} dir="auto">
        {entry.message}
      </p>
      <time className={s.time} dateTime={`${entry.date}T${entry.time}`}>
        {stamp.format(new Date(`${entry.date}T${entry.time}`))}
      </time>
    </li>
  )
}

/**
 * The template's chat: made-up contacts at the side and the open conversation. Enter sends,
 * Shift+Enter starts a new line, and the conversation scrolls to the newest message 300 ms later.
 */
export function Chat({ chat, contacts = CONTACTS }: { chat: ChatStore; contacts?: readonly ChatContact[] }) {
  const t = useT()
  const { active, conversations } = useStore(chat.$chat)
  const [draft, setDraft] = useState('')
  const log = useRef<HTMLDivElement>(null)
  const contact = contacts.find((known) => known.id === active) ?? contacts[0]
  const messages = conversations[active] ?? []
  const toNewest = () => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight
  }
  // Another conversation opens at its newest message.
  useEffect(toNewest, [active])
  if (!contact) return null
  const send = () => {
    // An empty message is ignored and the field keeps what it has.
    if (chat.send(draft, toNewest)) setDraft('')
  }
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Shift+Enter is a new line; an Enter that ends an input method's word belongs to the word.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    send()
  }
  return (
    <div className={s.chat}>
      <p className={clsx(card.muted, s.intro)}>{t('demo-chat.intro')}</p>
      <section className={clsx(card.card, s.contacts)} aria-labelledby="demo-chat-contacts">
        <h2 id="demo-chat-contacts" className={card.cardTitle}>
          {t('demo-chat.contacts')}
        </h2>
        <ul className={s.people} role="list">
          {contacts.map((known) => (
            <li key={known.id}>
              <button type="button" className={s.person} aria-pressed={known.id === active} onClick={() => chat.open(known.id)}>
                <Avatar user={person(known.name)} size={40} className={s.avatar} />
                <span className={s.who}>
                  <span className={s.name}>{known.name}</span>
                  <span className={card.muted}>{known.title}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className={clsx(card.card, s.conversation)} aria-labelledby="demo-chat-with">
        <header className={s.head}>
          <Avatar user={person(contact.name)} size={40} className={s.avatar} />
          <div>
            <h2 id="demo-chat-with" className={card.cardTitle}>
              {contact.name}
            </h2>
            <p className={card.muted}>{contact.title}</p>
          </div>
        </header>
        {/* Focusable so the keyboard can scroll it; a log, so what arrives is read out. */}
        <div ref={log} className={s.log} role="log" aria-label={t('demo-chat.log', { name: contact.name })} tabIndex={0}>
          {messages.length ? (
            <ol className={s.messages} role="list">
              {messages.map((entry) => (
                <Message key={entry.id} entry={entry} contact={contact} />
              ))}
            </ol>
          ) : (
            <p className={card.muted}>{t('demo-chat.empty')}</p>
          )}
        </div>
        <form className={s.compose} onSubmit={submit}>
          <label htmlFor="demo-chat-message" className="visually-hidden">
            {t('demo-chat.message')}
          </label>
          <textarea
            id="demo-chat-message"
            className={s.field}
            rows={2}
            value={draft}
            placeholder={t('demo-chat.placeholder')}
            aria-describedby="demo-chat-hint"
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKey}
          />
          <Button type="submit">{t('demo-chat.send')}</Button>
          <span id="demo-chat-hint" className={clsx(card.muted, s.hint)}>
            {t('demo-chat.hint')}
          </span>
        </form>
      </section>
    </div>
  )
}

/** The demo page: the tab's own chat. */
export default function ChatScreen() {
  return <Chat chat={defaultChat} />
}
