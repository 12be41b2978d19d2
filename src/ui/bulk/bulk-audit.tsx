import { useStore } from '@nanostores/react'
import { useEffect, useId, useState, type ComponentType } from 'react'
import type { AuditEntry } from '../../contract/audit'
import type { BulkJob, BulkRecord, BulkUndo } from '../../contract/bulk'
import { messageText } from '../../lib/i18n'
import { $locale } from '../../stores/locale'
import { Button } from '../button'
import { Spinner } from '../spinner'
import { useT } from '../use-t'
import { bulkJob, bulkRecords, undoBulk } from './bulk-api'
import './bulk-texts'
import { counted, recordsText } from './bulk-words'
import s from './bulk.module.css'

/** The audit entry of a bulk action names its job: the record it is about. */
const jobIdOf = (entry: Pick<AuditEntry, 'record_id'>) => entry.record_id

type Records = { status: 'loading' | 'ready' | 'error'; rows: BulkRecord[]; total: number; message: string }

/** The job's records as the trail lists them beneath its entry: name, outcome, and why when skipped. */
function RecordTable({ records }: { records: Records }) {
  const t = useT()
  return (
    <>
      <table className={s.records}>
        <caption className="visually-hidden">{t('bulk.audit.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bulk.audit.name')}</th>
            <th scope="col">{t('bulk.audit.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {records.rows.map((record) => (
            <tr key={record.id}>
              <td>
                <bdi>{record.name || record.id}</bdi>
              </td>
              <td>
                {t(`bulk.audit.outcomes.${record.outcome}`)}
                {record.reason ? ` (${messageText(record.reason)})` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {records.total > records.rows.length && <p className={s.muted}>{t('bulk.audit.more', { shown: records.rows.length, total: records.total })}</p>}
    </>
  )
}

/**
 * Beneath a bulk action's audit entry: its records, read when asked for, and an Undo while the
 * job says it may still be undone (nobody has undone it yet).
 */
export function BulkEntry({ entry }: { entry: Pick<AuditEntry, 'record_id'> }) {
  const t = useT()
  const locale = useStore($locale)
  const id = jobIdOf(entry)
  const tableId = useId()
  const [job, setJob] = useState<BulkJob | null>(null)
  const [open, setOpen] = useState(false)
  const [records, setRecords] = useState<Records | null>(null)
  const [undoing, setUndoing] = useState(false)
  const [undone, setUndone] = useState<BulkUndo | null>(null)
  const [message, setMessage] = useState('')
  const [round, setRound] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    void bulkJob(id, controller.signal).then((result) => controller.signal.aborted || setJob(result.ok ? result.data : null))
    return () => controller.abort()
  }, [id, round])

  useEffect(() => {
    if (!open) return
    const controller = new AbortController()
    setRecords((old) => ({ rows: old?.rows ?? [], total: old?.total ?? 0, message: '', status: 'loading' }))
    void bulkRecords(id, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      const rows = result.ok && Array.isArray(result.data) ? result.data : []
      setRecords(result.ok ? { status: 'ready', rows, total: result.total ?? rows.length, message: '' } : { status: 'error', rows: [], total: 0, message: result.message })
    })
    return () => controller.abort()
  }, [id, open, round])

  const undo = async () => {
    setUndoing(true)
    setMessage('')
    const result = await undoBulk(id)
    setUndoing(false)
    if (!result.ok) return setMessage(result.message)
    setUndone(result.data)
    setRound((n) => n + 1)
  }

  return (
    <div className={s.entry}>
      <div className={s.actions}>
        <Button variant="text" aria-expanded={open} aria-controls={tableId} onClick={() => setOpen(!open)}>
          {t(open ? 'bulk.audit.hide' : 'bulk.audit.show')}
        </Button>
        {job?.undoable && !undone && (
          <Button variant="secondary" busy={undoing} onClick={() => void undo()}>
            {t('bulk.undoNow')}
          </Button>
        )}
      </div>
      {(undone || message) && (
        <div role="status">
          {undone && job && <p>{t('bulk.restored', { records: recordsText(t, locale, job.collection, undone.restored) })}</p>}
          {undone && undone.left.length > 0 && <p>{counted(t, locale, 'bulk.left', undone.left.length)} {undone.left.map((left) => left.name || left.id).join(t('bulk.listSeparator'))}</p>}
          {message && <p>{messageText(message)}</p>}
        </div>
      )}
      <div id={tableId}>
        {open && records?.status === 'loading' && !records.rows.length && <Spinner label={t('bulk.audit.loading')} />}
        {open && records?.status === 'error' && <p role="alert">{messageText(records.message)}</p>}
        {open && records && records.rows.length > 0 && <RecordTable records={records} />}
      </div>
    </div>
  )
}

// The screen table (src/app/screens.ts) loads it by its default export, typed there as taking no
// props; the one who renders it passes BulkEntry's.
export default BulkEntry as unknown as ComponentType
