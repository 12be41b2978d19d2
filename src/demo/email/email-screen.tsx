import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useEffect, useRef, useState } from 'react'
import { pluralKey } from '../../lib/plural'
import { $locale } from '../../stores/locale'
import { Avatar } from '../../ui/avatar'
import { Badge } from '../../ui/badge'
import { Banner } from '../../ui/banner'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import { ComposeDialog } from './compose-dialog'
import s from './email-screen.module.css'
import { MAIL_HEADING, MailView, Star, useMailTime } from './mail-view'
import { CATEGORIES, folderCounts, FOLDERS, mailbox as defaultMailbox, visibleMails, type Folder, type MailboxStore } from './mails'
import './texts'

/** A notice hides itself after 4 s. */
const NOTICE_MS = 4000

const LIST_HEADING = 'demo-email-folder'

/** Runs `then` once the change on screen has been painted. */
const afterPaint = (then: () => void) => requestAnimationFrame(() => requestAnimationFrame(then))

/** One group of folders, each with how many mails it holds; the current one is marked. */
function FolderList({ folders, current, counts, onPick }: { folders: readonly Folder[]; current: Folder; counts: Record<Folder, number>; onPick: (folder: Folder) => void }) {
  const t = useT()
  const locale = useStore($locale)
  return (
    <ul className={s.folderList} role="list">
      {folders.map((folder) => (
        <li key={folder}>
          <button type="button" className={clsx(s.folder, folder === current && s.current)} aria-current={folder === current || undefined} onClick={() => onPick(folder)}>
            <span>{t(`demo-email.folders.${folder}`)}</span>{' '}
            <span className={s.count}>
              {counts[folder]}
              {/* Heard, not seen: '11 mails' says what the number counts. */}
              <span className="visually-hidden"> {t(pluralKey('demo-email.unit', counts[folder], locale))}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * The template's e-mail demo: the folders with their counts, the folder's mails searched by
 * subject, the open mail beside them (instead of them on a narrow page), and a compose dialog.
 */
export function Email({ mailbox }: { mailbox: MailboxStore }) {
  const t = useT()
  const locale = useStore($locale)
  const state = useStore(mailbox.$mailbox)
  const when = useMailTime()
  const shown = visibleMails(state)
  const counts = folderCounts(state.mails)
  const open = state.mails.find((mail) => mail.key === state.selected) ?? null
  const [composing, setComposing] = useState(false)
  // The address of the message just sent, while its notice shows.
  const [notice, setNotice] = useState<string | null>(null)
  const list = useRef<HTMLElement>(null)

  useEffect(() => {
    if (!notice) return
    const timer = setTimeout(() => setNotice(null), NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice])

  const read = (key: string) => {
    mailbox.open(key)
    // On a narrow page the list gives way to the mail: focus follows, to its subject.
    afterPaint(() => list.current?.offsetParent === null && document.getElementById(MAIL_HEADING)?.focus())
  }
  const back = () => {
    const key = state.selected
    mailbox.open(null)
    afterPaint(() => list.current?.querySelector<HTMLElement>(`[data-key="${key}"]`)?.focus())
  }
  /** Once the open mail has left (moved or deleted), focus goes to the list it came from. */
  const leave = (move: () => void) => {
    move()
    afterPaint(() => document.getElementById(LIST_HEADING)?.focus())
  }

  return (
    <div className={s.layout}>
      {notice && (
        <Banner variant="success" className={s.notice} onClose={() => setNotice(null)}>
          {t('demo-email.sent', { to: notice })}
        </Banner>
      )}
      <div className={s.columns} data-view={open ? 'mail' : 'list'}>
        <nav className={clsx(card.card, s.folders)} aria-label={t('demo-email.foldersLabel')}>
          <Button onClick={() => setComposing(true)}>
            <Icon name="edit" size={18} />
            {t('demo-email.compose')}
          </Button>
          <FolderList folders={FOLDERS} current={state.folder} counts={counts} onPick={mailbox.setFolder} />
          <h2 className={s.group}>{t('demo-email.categories')}</h2>
          <FolderList folders={CATEGORIES} current={state.folder} counts={counts} onPick={mailbox.setFolder} />
        </nav>
        <section ref={list} className={clsx(card.card, s.list)} aria-labelledby={LIST_HEADING}>
          <h2 id={LIST_HEADING} className={clsx(card.cardTitle, s.heading)} tabIndex={-1}>
            {t(`demo-email.folders.${state.folder}`)}
          </h2>
          <label className={s.search}>
            <Icon name="search" size={18} />
            <span className="visually-hidden">{t('demo-email.search')}</span>
            <input
              type="search"
              className={s.searchInput}
              value={state.query}
              placeholder={t('demo-email.search')}
              onChange={(event) => mailbox.setQuery(event.target.value)}
            />
          </label>
          <p className={card.muted} role="status">
            {t(pluralKey('demo-email.shown', shown.length, locale), { n: shown.length })}
          </p>
          {shown.length ? (
            <ul className={s.mails} role="list">
              {shown.map((mail) => (
                <li key={mail.key} className={clsx(s.mail, mail.key === state.selected && s.chosen)}>
                  <button type="button" data-key={mail.key} className={s.open} aria-current={mail.key === state.selected || undefined} onClick={() => read(mail.key)}>
                    <Avatar user={{ name: mail.name, email: mail.name, avatar: mail.avatar }} size={36} className={s.avatar} />
                    <span className={s.summary}>
                      <span className={s.line}>
                        <span className={s.name} dir="auto">
                          {mail.name}
                        </span>
                        <time className={s.date} dateTime={`${mail.date}T${mail.time}`}>
                          {when(mail, 'short')}
                        </time>
                      </span>
                      <span className={s.subject} dir="auto">{mail.subject || t('demo-email.noSubject')}</span>
                      {CATEGORIES.includes(mail.category as Folder) && state.folder !== mail.category && (
                        <Badge tone="info" className={s.badge}>
                          {t(`demo-email.folders.${mail.category}`)}
                        </Badge>
                      )}
                    </span>
                  </button>
                  <button
                    type="button"
                    className={s.star}
                    aria-pressed={mail.stared}
                    aria-label={t('demo-email.starOf', { subject: mail.subject || t('demo-email.noSubject') })}
                    onClick={() => mailbox.toggleStar(mail.key)}
                  >
                    <Star on={mail.stared} />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className={card.muted}>{t('demo-email.empty')}</p>
          )}
        </section>
        <MailView
          mail={open}
          onBack={back}
          onStar={() => open && mailbox.toggleStar(open.key)}
          onMove={() => open && leave(() => mailbox.move(open.key, open.category === 'spam' ? 'inbox' : 'spam'))}
          onDelete={() => open && leave(() => mailbox.remove(open.key))}
        />
      </div>
      {composing && (
        <ComposeDialog
          onClose={() => setComposing(false)}
          onSend={(values) => {
            if (!mailbox.send(values)) return
            setComposing(false)
            setNotice(values.to.trim())
          }}
        />
      )}
    </div>
  )
}

/** The demo page: the tab's own mailbox. */
export default function EmailScreen() {
  return <Email mailbox={defaultMailbox} />
}
