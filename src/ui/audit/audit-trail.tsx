import { Suspense, type ComponentType } from 'react'
import { Link } from 'wouter'
import type { AuditChange, AuditEntry } from '../../contract/audit'
import type { Right } from '../../contract/rights'
import { messageText } from '../../lib/i18n'
import { screenOf } from '../../lib/lazy-screen'
import { Age } from '../age'
import { Badge } from '../badge'
import { Button } from '../button'
import { Spinner } from '../spinner'
import { useT } from '../use-t'
import './audit-texts'
import { aboutThemselves, actionText, muteSentence, textOr } from './entry-text'
import { useAuditTrail, type TrailFilters } from './use-audit-trail'
import s from './audit-trail.module.css'

/** Where a record of the trail opens: its detail view where there is one, else its list; a saved view, its list showing it. */
export function recordHref(entry: Pick<AuditEntry, 'collection' | 'record_id'> & { action?: string }): string {
  const id = encodeURIComponent(entry.record_id)
  if (entry.action?.endsWith('_view')) return `/${entry.collection}?view=${id}`
  switch (entry.collection) {
    case 'devices':
    case 'users':
    case 'roles':
      return `/${entry.collection}/details?id=${id}`
    default:
      return `/${entry.collection}`
  }
}

// The records and the undo of a bulk action's entry load when the trail first shows one, with a
// stylesheet of their own: a screen of the table (src/app/screens.ts), which the trail does not import.
const bulkEntry = () => screenOf('bulk-audit') as ComponentType<{ entry: AuditEntry }> | undefined

/** Beneath a bulk action's entry: its records and undo, once their code has loaded. */
function BulkBeneath({ entry }: { entry: AuditEntry }) {
  const BulkEntry = bulkEntry()
  return BulkEntry ? (
    <Suspense fallback={null}>
      <BulkEntry entry={entry} />
    </Suspense>
  ) : null
}

/** A bulk action's entry stands for many records: it names its selection, not a record to open. */
const isBulk = (entry: AuditEntry) => entry.action.startsWith('bulk_')

/** A value of a change as the trail shows it: lists joined, yes or no, an empty one marked. */
function valueText(t: (key: string) => string, value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return t('audit.none')
  if (typeof value === 'boolean') return t(value ? 'audit.yes' : 'audit.no')
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join(', ')
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** What an update changed, field by field: before and after side by side, a secret only as changed. */
function Changes({ changes }: { changes: AuditChange[] }) {
  const t = useT()
  return (
    <table className={s.changes}>
      <caption className="visually-hidden">{t('audit.changes')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('audit.changeField')}</th>
          <th scope="col">{t('audit.before')}</th>
          <th scope="col">{t('audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{textOr(t, `audit.field.${change.field}`, change.field)}</th>
            {'changed' in change ? (
              <td colSpan={2} className={s.secret}>
                {t('audit.secretChanged')}
              </td>
            ) : (
              <>
                <td className={s.before}>
                  <bdi>{valueText(t, change.before)}</bdi>
                </td>
                <td className={s.after}>
                  <bdi>{valueText(t, change.after)}</bdi>
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A create's or a delete's values are the whole record: the trail names the change, not all of it. */
const shownChanges = (entry: AuditEntry) => (entry.action === 'create' || entry.action === 'delete' || entry.action === 'mute' ? [] : (entry.changes ?? []))

export interface AuditTrailProps {
  /** With `recordId`: one record's trail. Without either: every change the viewer may see. */
  collection?: Right
  recordId?: string
  /** Entries per page; "Show more" loads the next. */
  perPage?: 5 | 10 | 25
  /** The heading; the trail's own when absent. */
  title?: string
  /** Who did what and when (the full trail's filters). */
  filters?: TrailFilters
}

/** Who changed what, when and from where, newest first, current as changes arrive. */
export function AuditTrail({ collection, recordId, perPage = 10, title, filters }: AuditTrailProps) {
  const t = useT()
  const { trail, loadMore, reload } = useAuditTrail(collection, recordId, perPage, filters)
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
          {trail.entries.map((entry) => {
            const sentence = muteSentence(t, entry)
            return (
              <li key={entry.id} className={s.entry} data-action={entry.action}>
                <div className={s.line}>
                  <bdi className={s.actor}>{entry.actor.name || t(`audit.actorKind.${entry.actor.kind}`)}</bdi>
                  {entry.actor.kind !== 'user' && (
                    <Badge tone="info" hollow>
                      {t(`audit.actorKind.${entry.actor.kind}`)}
                    </Badge>
                  )}
                  <span>{sentence ?? actionText(t, entry, showRecord)}</span>
                  {showRecord && !aboutThemselves(entry) && !sentence && (
                    <>
                      <span className={s.muted}>{t(`audit.collection.${entry.collection}`)}</span>
                      {entry.action === 'delete' || isBulk(entry) ? (
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
                  {entry.fields.length > 0 && shownChanges(entry).length === 0 && (
                    <span>{t('audit.fields', { fields: entry.fields.map((field) => textOr(t, `audit.field.${field}`, field)).join(', ') })}</span>
                  )}
                  {entry.ip && <bdi className={s.ip}>{entry.ip}</bdi>}
                </div>
                {shownChanges(entry).length > 0 && <Changes changes={shownChanges(entry)} />}
                {isBulk(entry) && <BulkBeneath entry={entry} />}
              </li>
            )
          })}
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
