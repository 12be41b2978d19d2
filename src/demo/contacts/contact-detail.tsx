import { clsx } from 'clsx'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import s from './contact-detail.module.css'
import type { Contact } from './contacts'

/** The id of the chosen contact's name, where focus lands when the detail replaces the list. */
export const DETAIL_HEADING = 'demo-contact-name'

/** The fields listed under the name, each with how it is reached (a call, a mail) if it is. */
const ROWS = [
  ['phone', 'tel:'],
  ['secondaryPhone', 'tel:'],
  ['personalEmail', 'mailto:'],
  ['companyEmail', 'mailto:'],
  ['address', ''],
  ['website', ''],
] as const

/** A star, filled when it is on; the words beside it say the same. */
export const Star = ({ on }: { on: boolean }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" className={clsx(s.star, on && s.on)}>
    <path d="M12 3l2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z" />
  </svg>
)

export interface ContactDetailProps {
  contact: Contact | null
  onBack: () => void
  onFavorite: () => void
  onEdit: () => void
  onDelete: () => void
}

/** The chosen contact: every field it has, its favourite toggle, edit and delete. */
export function ContactDetail({ contact, onBack, onFavorite, onEdit, onDelete }: ContactDetailProps) {
  const t = useT()
  if (!contact)
    return (
      <section className={clsx(card.card, s.detail, s.none)} aria-label={t('demo-contacts.detail')}>
        <p className={card.muted}>{t('demo-contacts.choose')}</p>
      </section>
    )
  return (
    <section className={clsx(card.card, s.detail)} aria-labelledby={DETAIL_HEADING}>
      <Button variant="text" className={s.back} onClick={onBack}>
        <Icon name="chevron-start" size={18} className={s.backIcon} />
        {t('demo-contacts.back')}
      </Button>
      <div className={s.top}>
        <Avatar user={{ name: contact.name, email: contact.companyEmail, avatar: contact.avatar }} size={72} className={s.avatar} />
        <div className={s.who}>
          <h2 id={DETAIL_HEADING} className={s.name} tabIndex={-1}>
            <bdi>{contact.name}</bdi>
          </h2>
          {contact.title && (
            <p className={card.muted}>
              <bdi>{contact.title}</bdi>
            </p>
          )}
        </div>
      </div>
      <div className={s.actions}>
        <Button variant="secondary" aria-pressed={contact.favorited} onClick={onFavorite}>
          <Star on={contact.favorited} />
          {t('demo-contacts.favorite')}
        </Button>
        <Button variant="secondary" onClick={onEdit}>
          <Icon name="edit" size={18} />
          {t('demo-contacts.edit')}
        </Button>
        <Button variant="secondary" onClick={onDelete}>
          <Icon name="close" size={18} />
          {t('demo-contacts.delete')}
        </Button>
      </div>
      <dl className={s.fields}>
        {ROWS.filter(([field]) => contact[field]).map(([field, scheme]) => (
          <div key={field} className={s.row}>
            <dt>{t(`demo-contacts.fields.${field}`)}</dt>
            <dd>
              {scheme ? (
                <a href={scheme + contact[field].replace(/\s+/g, '')} dir="ltr">
                  {contact[field]}
                </a>
              ) : (
                <bdi>{contact[field]}</bdi>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
