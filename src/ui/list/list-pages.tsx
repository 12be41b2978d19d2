import { CONSOLE_PER_PAGE } from '../../contract/collections'
import { Select } from '../select'
import { Icon } from '../icons'
import { useT } from '../use-t'
import s from './list.module.css'

export interface ListPagesProps {
  page: number
  perPage: number
  total: number
  onPage: (page: number) => void
  onPerPage: (perPage: number) => void
}

/** Rows per page (5, 10, 25), which rows of how many, and the way to the page before and after. */
export function ListPages({ page, perPage, total, onPage, onPerPage }: ListPagesProps) {
  const t = useT()
  const last = Math.max(1, Math.ceil(total / perPage))
  const from = total === 0 ? 0 : (page - 1) * perPage + 1
  const to = Math.min(total, page * perPage)
  return (
    <nav className={s.pages} aria-label={t('list.pages')}>
      <Select
        className={s.perPage}
        label={t('list.rowsPerPage')}
        name="per_page"
        value={String(perPage)}
        options={CONSOLE_PER_PAGE.map((n) => ({ value: String(n), label: String(n) }))}
        onChange={(value) => onPerPage(Number(value))}
      />
      <p className={s.range} aria-live="polite">
        {t('list.range', { from, to, total })}
      </p>
      <button type="button" className={s.pageButton} disabled={page <= 1} aria-label={t('list.previous')} onClick={() => onPage(page - 1)}>
        <Icon name="chevron-start" size={18} />
      </button>
      <button type="button" className={s.pageButton} disabled={page >= last} aria-label={t('list.next')} onClick={() => onPage(page + 1)}>
        <Icon name="chevron-end" size={18} />
      </button>
    </nav>
  )
}
