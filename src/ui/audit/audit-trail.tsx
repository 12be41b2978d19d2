import { Link } from 'wouter'
import type { AuditEntry } from '../../contract/audit'
import type { Right } from '../../contract/rights'
import { messageText } from '../../lib/i18n'
import { Age } from '../age'
import { Badge } from '../badge'
import { Button } from '../button'
import { Spinner } from '../spinner'
import { useT } from '../use-t'
import './audit-texts'
import { useAuditTrail } from './use-audit-trail'
import s from './audit-trail.module.css'

/** Where a record of the trail opens: its detail view where there is one, else its list. */
export function recordHref(entry: Pick<AuditEntry, 'collection' | 'record_id'>): string {
  const id = encodeURIComponent(entry.record_id)
  switch (entry.collection) {
    case 'devices':
    case 'users':
    case 'roles':
      return `/${entry.collection}/details?id=${id}`
    default:
      return `/${entry.collection}`
  }
}

/** A translation, or `fallback` when the locale files have none for `key`. */
const textOr = (t: (key: string) => string, key: string, fallback: string) => {
  const text = t(key)
  return text === key ? fallback : text
}

/** A user's own sign-in, password or session: the record is the actor, named once. */
const aboutThemselves = (entry: AuditEntry) => entry.collection === 'users' && entry.actor.kind === 'user' && entry.record_id === entry.actor.id

export interface AuditTrailProps {
  /** With `recordId`: one record's trail. Without either: every change the viewer may see. */
  collection?: Right
  recordId?: string
  /** Entries per page; "Show more" loads the next. */
  perPage?: 5 | 10 | 25
  /** The heading; the trail's own when absent. */
  title?: string
}

/** Who changed what, when and from where, newest first, current as changes arrive. */
export function AuditTrail({ collection, recordId, perPage = 10, title }: AuditTrailProps) {
  const t = useT()
  const { trail, loadMore, reload } = useAuditTrail(collection, recordId, perPage)
  const headingId = `audit-${collection ?? 'all'}-${recordId ?? 'all'}`
  const showRecord = !recordId
  return (
    <section className={s.trail} aria-labelledby={headingId} aria-busy={trail.status === 'loading'}>
      <h3 id={headingId} className={s.title}>
        {title ?? t('audit.title')}
      </h3>
      {trail.status === 'loading' && <Spinner label={t('audit.loading')} />}
      {trail.status === 'error' && (
        <p className={s.muted} role="alert">
          {messageText(trail.message)}{' '}
          <Button variant="text" onClick={reload}>
            {t('audit.retry')}
          </Button>
        </p>
      )}
      {trail.status === 'ready' && trail.entries.length === 0 && <p className={s.muted}>{t('audit.empty')}</p>}
      {trail.entries.length > 0 && (
        <ol className={s.entries}>
          {trail.entries.map((entry) => (
            <li key={entry.id} className={s.entry}>
              <div className={s.line}>
                <bdi className={s.actor}>{entry.actor.name || t(`audit.actorKind.${entry.actor.kind}`)}</bdi>
                {entry.actor.kind !== 'user' && (
                  <Badge tone="info" hollow>
                    {t(`audit.actorKind.${entry.actor.kind}`)}
                  </Badge>
                )}
                <span>{textOr(t, `audit.action.${entry.action}`, entry.action)}</span>
                {showRecord && !aboutThemselves(entry) && (
                  <>
                    <span className={s.muted}>{t(`audit.collection.${entry.collection}`)}</span>
                    {entry.action === 'delete' ? (
                      <bdi className={s.record}>{entry.record_name || entry.record_id}</bdi>
                    ) : (
                      <Link href={recordHref(entry)} className={s.record}>
                        <bdi>{entry.record_name || entry.record_id}</bdi>
                      </Link>
                    )}
                  </>
                )}
              </div>
              <div className={s.meta}>
                <Age at={entry.at} />
                {entry.fields.length > 0 && (
                  <span>{t('audit.fields', { fields: entry.fields.map((field) => textOr(t, `audit.field.${field}`, field)).join(', ') })}</span>
                )}
                {entry.ip && <bdi className={s.ip}>{entry.ip}</bdi>}
              </div>
            </li>
          ))}
        </ol>
      )}
      {trail.total > trail.entries.length && (
        <Button variant="secondary" onClick={loadMore} disabled={trail.more}>
          {t('audit.more', { count: trail.total - trail.entries.length })}
        </Button>
      )}
    </section>
  )
}
