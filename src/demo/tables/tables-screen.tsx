import { useStore } from '@nanostores/react'
import { useMemo, useState } from 'react'
import { $locale } from '../../stores/locale'
import { Icon } from '../../ui/icons'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import '../texts'
import { COLUMNS, DESSERTS, type Column, type Dessert } from './nutrition'
import { Pager } from './pager'
import { INITIAL_TABLE, tableView, withPerPage, withQuery, withSort, type TableState } from './table-view'
import { StockTable } from './stock-table'
import s from './tables-screen.module.css'
import './texts'
import { TreeTable } from './tree-table'

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

/**
 * The template's sortable nutrition table: a column's first click sorts it descending and a repeat
 * toggles; a search shows all its rows, and clearing it brings back the page size.
 */
export function NutritionTable({ rows = DESSERTS }: { rows?: readonly Dessert[] }) {
  const t = useT()
  const locale = useStore($locale)
  // Numbers as the language writes them (4.9, 4,9).
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale])
  const [state, setState] = useState<TableState<Column>>(INITIAL_TABLE)
  const view = tableView(rows, state)
  const sortOf = (column: Column) => (state.sort?.by === column ? ARIA_SORT[state.sort.order] : undefined)
  return (
    <section className={card.card} aria-labelledby="demo-nutrition">
      <div className={s.head}>
        <h2 id="demo-nutrition" className={card.cardTitle}>
          {t('demo.tables.nutrition')}
        </h2>
        <label className={s.search}>
          <Icon name="search" size={18} />
          <span className="visually-hidden">{t('demo.tables.search')}</span>
          <input
            type="search"
            className={s.searchInput}
            value={state.query}
            placeholder={t('demo.tables.search')}
            onChange={(event) => setState((old) => withQuery(old, event.target.value))}
          />
        </label>
      </div>
      <div className={s.scroll}>
        <table className={s.table}>
          <caption className="visually-hidden">{t('demo.tables.caption')}</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" aria-sort={sortOf(column)} className={column === 'name' ? undefined : s.number}>
                  <button type="button" className={s.sort} onClick={() => setState((old) => withSort(old, column))}>
                    {t(`demo.tables.${column}`)}
                    {state.sort?.by === column && <Icon name={state.sort.order === 'desc' ? 'chevron-down' : 'chevron-up'} size={16} />}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.name}</th>
                <td className={s.number}>{number.format(row.calories)}</td>
                <td className={s.number}>{number.format(row.fat)}</td>
                <td className={s.number}>{number.format(row.carbs)}</td>
                <td className={s.number}>{number.format(row.protein)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {!view.total && <p className={s.empty}>{t('demo.tables.empty')}</p>}
      </div>
      <Pager
        label={t('demo.tables.rowsPerPage')}
        perPage={state.perPage}
        view={view}
        onPerPage={(perPage) => setState((old) => withPerPage(old, perPage))}
        onPage={(page) => setState((old) => ({ ...old, page }))}
      />
    </section>
  )
}

/** The demo tables page. */
export default function TablesScreen() {
  const t = useT()
  return (
    <div className={s.page}>
      <p className={card.muted}>{t('demo.tables.intro')}</p>
      <NutritionTable />
      <StockTable />
      <TreeTable />
    </div>
  )
}
