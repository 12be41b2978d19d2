import { Button } from '../button'
import { Dialog } from '../dialog'
import { useT } from '../use-t'
import s from './record.module.css'

export interface ConflictRow {
  label: string
  mine: string
  theirs: string
}

export interface ConflictDialogProps {
  open: boolean
  /** Every field of the record, each with the user's value and the current one. */
  rows: readonly ConflictRow[]
  busy?: boolean
  onKeepMine: () => void
  onTakeTheirs: () => void
  onClose: () => void
}

/**
 * Someone saved the record after it was opened: field by field, what the user typed beside what
 * is there now. Keeping theirs is never silent, and neither is overwriting the other's work.
 */
export function ConflictDialog({ open, rows, busy, onKeepMine, onTakeTheirs, onClose }: ConflictDialogProps) {
  const t = useT()
  const differing = rows.filter((row) => row.mine !== row.theirs)
  return (
    <Dialog open={open} onClose={onClose} title={t('record.conflictTitle')} closeLabel={t('record.cancel')} width={640}>
      <div className={s.body}>
        <p>{t('record.conflictBody')}</p>
        <table className={s.compare}>
          <thead>
            <tr>
              <th scope="col">{t('record.field')}</th>
              <th scope="col">{t('record.mine')}</th>
              <th scope="col">{t('record.theirs')}</th>
            </tr>
          </thead>
          <tbody>
            {(differing.length ? differing : rows).map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.mine || '—'}</td>
                <td>{row.theirs || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={s.actions}>
        <Button variant="secondary" onClick={onTakeTheirs} data-autofocus>
          {t('record.takeTheirs')}
        </Button>
        <Button busy={busy} onClick={onKeepMine}>
          {t('record.keepMine')}
        </Button>
      </div>
    </Dialog>
  )
}
