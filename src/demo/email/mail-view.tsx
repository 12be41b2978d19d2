import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { $locale } from '../../stores/locale'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import type { Mail } from './mails'
import s from './mail-view.module.css'

/** The id of the open mail's subject, where focus lands when the mail replaces the list. */
export const MAIL_HEADING = 'demo-mail-subject'

/** A star, filled when it is on; the words or the name beside it say the same. */
export const Star = ({ on }: { on: boolean }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className={clsx(s.star, on && s.on)}>
    <path d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z" />
  </svg>
)

/** When a mail was sent or received, as the language writes dates and times. */
export function useMailTime() {
  const locale = useStore($locale)
  return (mail: Mail, style: 'medium' | 'short') =>
    new Date(`${mail.date}T${mail.time}`).toLocaleString(locale, { dateStyle: style, ...(style === 'medium' ? { timeStyle: 'short' } : {}) })
}

export interface MailViewProps {
  mail: Mail | null
  onBack: () => void
  onStar: () => void
  onMove: () => void
  onDelete: () => void
}

/** The open mail: its sender (or recipient), when, what it says, and its star, spam and delete. */
export function MailView({ mail, onBack, onStar, onMove, onDelete }: MailViewProps) {
  const t = useT()
  const when = useMailTime()
  if (!mail)
    return (
      <section className={clsx(card.card, s.view, s.none)} aria-label={t('demo-email.reading')}>
        <p className={card.muted}>{t('demo-email.choose')}</p>
      </section>
    )
  const sent = mail.category === 'sent'
  return (
    <section className={clsx(card.card, s.view)} aria-labelledby={MAIL_HEADING}>
      <Button variant="text" className={s.back} onClick={onBack}>
        <Icon name="chevron-start" size={18} className={s.backIcon} />
        {t('demo-email.back')}
      </Button>
      <h2 id={MAIL_HEADING} className={s.subject} tabIndex={-1}>
        <bdi>{mail.subject || t('demo-email.noSubject')}</bdi>
      </h2>
      <div className={s.meta}>
        <Avatar user={{ name: mail.name, email: mail.name, avatar: mail.avatar }} size={44} className={s.avatar} />
        <p className={s.from}>
          <span>{t(sent ? 'demo-email.toName' : 'demo-email.fromName', { name: mail.name })}</span>
          <time className={card.muted} dateTime={`${mail.date}T${mail.time}`}>
            {when(mail, 'medium')}
          </time>
        </p>
      </div>
      <div className={s.actions}>
        <Button variant="secondary" aria-pressed={mail.stared} onClick={onStar}>
          <Star on={mail.stared} />
          {t('demo-email.star')}
        </Button>
        {!sent && (
          <Button variant="secondary" onClick={onMove}>
            {t(mail.category === 'spam' ? 'demo-email.notSpam' : 'demo-email.toSpam')}
          </Button>
        )}
        <Button variant="secondary" onClick={onDelete}>
          <Icon name="close" size={18} />
          {t('demo-email.delete')}
        </Button>
      </div>
      <div className={s.content}>
        {mail.content.split(/\n{2,}/).map((paragraph, index) => (
          <p key={index} dir="auto">
            {paragraph}
          </p>
        ))}
      </div>
    </section>
  )
}
