import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useRef, useState, type KeyboardEvent } from 'react'
import { pluralKey } from '../../lib/plural'
import { $locale } from '../../stores/locale'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { ContactDetail, DETAIL_HEADING, Star } from './contact-detail'
import { ContactForm } from './contact-form'
import { CONTACT_TABS, contactBook as defaultBook, visibleContacts, type ContactBookStore, type ContactTab } from './contacts'
import s from './contacts-screen.module.css'
import './texts'

const tabId = (tab: ContactTab) => `demo-contacts-tab-${tab}`
const PANEL = 'demo-contacts-panel'
const LIST_HEADING = 'demo-contacts-list'

/** All and Favorites as tabs: the arrow keys, Home and End move between them, and the choice follows. */
function ContactTabs({ value, onChange }: { value: ContactTab; onChange: (tab: ContactTab) => void }) {
  const t = useT()
  const onKey = (event: KeyboardEvent) => {
    const at = CONTACT_TABS.indexOf(value)
    const last = CONTACT_TABS.length - 1
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last }[event.key]
    if (to === undefined) return
    event.preventDefault()
    const tab = CONTACT_TABS[(to + CONTACT_TABS.length) % CONTACT_TABS.length]!
    onChange(tab)
    document.getElementById(tabId(tab))?.focus()
  }
  return (
    <div role="tablist" aria-label={t('demo-contacts.tabs')} className={s.tabs} onKeyDown={onKey}>
      {CONTACT_TABS.map((tab) => (
        <button
          key={tab}
          id={tabId(tab)}
          type="button"
          role="tab"
          aria-selected={tab === value}
          aria-controls={PANEL}
          tabIndex={tab === value ? 0 : -1}
          className={clsx(s.tab, tab === value && s.current)}
          onClick={() => onChange(tab)}
        >
          {t(`demo-contacts.${tab}`)}
        </button>
      ))}
    </div>
  )
}

/** Runs `then` once the change on screen has been painted. */
const afterPaint = (then: () => void) => requestAnimationFrame(() => requestAnimationFrame(then))

/**
 * The template's contacts demo: the list searched by name under All and Favorites with its total,
 * the chosen contact's detail beside it (instead of it on a narrow page), and a form to add or edit.
 */
export function Contacts({ book }: { book: ContactBookStore }) {
  const t = useT()
  const locale = useStore($locale)
  const state = useStore(book.$book)
  const shown = visibleContacts(state)
  const chosen = state.contacts.find((contact) => contact.key === state.selected) ?? null
  // The form: closed, adding (null), or editing a contact (its key).
  const [form, setForm] = useState<{ key: string | null } | null>(null)
  const [deleting, setDeleting] = useState(false)
  const list = useRef<HTMLElement>(null)

  const open = (key: string) => {
    book.select(key)
    // On a narrow page the list gives way to the detail: focus follows, to the name.
    afterPaint(() => list.current?.offsetParent === null && document.getElementById(DETAIL_HEADING)?.focus())
  }
  const back = () => {
    const key = state.selected
    book.select(null)
    afterPaint(() => list.current?.querySelector<HTMLElement>(`[data-key="${key}"]`)?.focus())
  }
  const editing = form?.key ? (state.contacts.find((contact) => contact.key === form.key) ?? null) : null

  return (
    <div className={s.layout}>
      <div className={s.columns} data-view={chosen ? 'detail' : 'list'}>
        <section ref={list} className={clsx(card.card, s.list)} aria-labelledby={LIST_HEADING}>
          <div className={s.head}>
            <h2 id={LIST_HEADING} className={clsx(card.cardTitle, s.heading)} tabIndex={-1}>
              {t('demo-contacts.list')}
            </h2>
            <Button onClick={() => setForm({ key: null })}>{t('demo-contacts.add')}</Button>
          </div>
          <label className={s.search}>
            <Icon name="search" size={18} />
            <span className="visually-hidden">{t('demo-contacts.search')}</span>
            <input
              type="search"
              className={s.searchInput}
              value={state.query}
              placeholder={t('demo-contacts.search')}
              onChange={(event) => book.setQuery(event.target.value)}
            />
          </label>
          <ContactTabs value={state.tab} onChange={book.setTab} />
          <p className={card.muted} role="status">
            {t(pluralKey('demo-contacts.total', shown.length, locale), { n: shown.length })}
          </p>
          <div role="tabpanel" id={PANEL} aria-labelledby={tabId(state.tab)}>
            {shown.length ? (
              <ul className={s.items} role="list">
                {shown.map((contact) => (
                  <li key={contact.key}>
                    <button
                      type="button"
                      data-key={contact.key}
                      className={clsx(s.item, contact.key === state.selected && s.chosen)}
                      aria-current={contact.key === state.selected || undefined}
                      onClick={() => open(contact.key)}
                    >
                      <Avatar user={{ name: contact.name, email: contact.companyEmail, avatar: contact.avatar }} size={40} className={s.avatar} />
                      <span className={s.who}>
                        <span className={s.name} dir="auto">
                          {contact.name}
                        </span>
                        <span className={s.title} dir="auto">
                          {contact.title}
                        </span>
                      </span>
                      {contact.favorited && (
                        <>
                          <Star on />
                          <span className="visually-hidden">{t('demo-contacts.favorited')}</span>
                        </>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={card.muted}>{t('demo-contacts.empty')}</p>
            )}
          </div>
        </section>
        <ContactDetail
          contact={chosen}
          onBack={back}
          onFavorite={() => chosen && book.toggleFavorite(chosen.key)}
          onEdit={() => chosen && setForm({ key: chosen.key })}
          onDelete={() => setDeleting(true)}
        />
      </div>
      {form && (
        <ContactForm
          key={form.key ?? 'new'}
          contact={editing}
          onClose={() => setForm(null)}
          onSave={(values) => {
            if (editing ? book.update(editing.key, values) : book.add(values)) setForm(null)
          }}
        />
      )}
      <ConfirmDialog
        open={deleting && !!chosen}
        title={t('demo-contacts.deleteTitle', { name: chosen?.name ?? '' })}
        confirmLabel={t('demo-contacts.delete')}
        onClose={() => setDeleting(false)}
        onConfirm={() => {
          if (chosen) book.remove(chosen.key)
          setDeleting(false)
          // The Delete button left with the contact: focus goes to the list.
          afterPaint(() => document.getElementById(LIST_HEADING)?.focus())
        }}
      >
        <p>{t('demo-contacts.deleteText')}</p>
      </ConfirmDialog>
    </div>
  )
}

/** The demo page: the tab's own contacts. */
export default function ContactsScreen() {
  return <Contacts book={defaultBook} />
}
