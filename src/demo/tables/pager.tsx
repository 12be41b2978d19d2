import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import '../texts'
import { ROWS_PER_PAGE } from './table-view'
import s from './tables-screen.module.css'

export interface PagerProps {
  /** The name of the rows-per-page choice, which tells the tables of a page apart. */
  label: string
  perPage: number | 'all'
  view: { page: number; pages: number; from: number; to: number; total: number }
  onPerPage: (perPage: number) => void
  onPage: (page: number) => void
}

/** The foot of a demo table: 5, 10 or 25 rows to a page (none to choose while a search shows all), where the page is, back and forth. */
export function Pager({ label, perPage, view, onPerPage, onPage }: PagerProps) {
  const t = useT()
  return (
    <div className={s.pages}>
      {perPage !== 'all' && (
        <label className={s.perPage}>
          {label}
          <select value={perPage} onChange={(event) => onPerPage(Number(event.target.value))}>
            {ROWS_PER_PAGE.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      )}
      <span role="status">{t('demo.tables.range', { from: view.from, to: view.to, total: view.total })}</span>
      <button type="button" className={s.pageButton} aria-label={t('demo.tables.previous')} disabled={view.page === 0} onClick={() => onPage(view.page - 1)}>
        <Icon name="chevron-start" size={18} />
      </button>
      <button type="button" className={s.pageButton} aria-label={t('demo.tables.next')} disabled={view.page >= view.pages - 1} onClick={() => onPage(view.page + 1)}>
        <Icon name="chevron-end" size={18} />
      </button>
    </div>
  )
}
