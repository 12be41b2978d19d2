import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { Suspense, type ComponentType, type ReactNode } from 'react'
import { useSearchParams } from 'wouter'
import { VIEW_COLLECTIONS, type BaseRecord, type CollectionName, type ListQuery, type Order, type ViewCollection } from '../../contract/collections'
import { messageText } from '../../lib/i18n'
import { $unreachable } from '../../stores/reach'
import { screenOf } from '../../lib/lazy-screen'
import type { BulkToolsProps } from '../bulk/bulk-tools'
import type { BulkRulesSource } from '../bulk/bulk-values'
import { Banner } from '../banner'
import { Button } from '../button'
import { lazyPart } from '../lazy-part'
import { Spinner } from '../spinner'
import { useT } from '../use-t'
import { BulkCell, BulkHeadCell, defaultRowLabel, useBulkSelect } from './bulk-select'
import bulkStyles from './bulk-select.module.css'
import { isSelected } from './bulk-selection'
import { ListPages } from './list-pages'
import { ListSearch } from './list-search'
import { COLUMNS_PARAM, shownColumns } from './list-columns'
import type { ListChange, ListState } from './list-url'
import type { ListData } from './use-collection-list'
import s from './list.module.css'

export interface Column<T> {
  key: string
  label: string
  /** The list's sort key; a column without one does not sort. */
  sort?: string
  render: (row: T) => ReactNode
  /** Narrow screens drop `low` columns first. */
  priority?: 'high' | 'low'
  align?: 'start' | 'end'
  /** Shown only when chosen in the column chooser (or a view): the plain list leaves it out. */
  optional?: boolean
}

export interface ListViewProps<T> {
  /** The table's name, for screen readers. */
  caption: string
  columns: readonly Column<T>[]
  query: Required<Omit<ListQuery, 'filters'>>
  data: ListData<T>
  change: (change: ListChange) => void
  reload: () => void
  /** The collection the list shows: with it come its filter menu, its filters as chips, and its export. */
  collection?: CollectionName
  /** Filters the screen shows with controls of its own, left out of the menu and the chips. */
  ownFilters?: readonly string[]
  /** Controls beside the search: filters, the live status, a create button. */
  toolbar?: ReactNode
  searchLabel?: string
  /** What the list says when the organization has none yet, e.g. with a create button. */
  empty?: ReactNode
  rowClass?: (row: T) => string | undefined
  /** How a row is named beside its selection box; its name (or address) by default. */
  rowLabel?: (row: T) => string
  /** The record form's rules for a value a bulk action sets (a device's tag or location). */
  bulkRules?: BulkRulesSource
}

// Not needed to show the list: the filter menu, the chips and the export load after it.
const ListTools = lazyPart(() => import('./list-tools').then((part) => part.ListTools))
// The bulk bar, its dialogs and texts load when the user first ticks a row, with a stylesheet of
// their own: a screen of the table (src/app/screens.ts), which the list kit does not import.
const bulkTools = () => screenOf('bulk') as ComponentType<BulkToolsProps> | undefined

// The column chooser and the saved views load after the list too; the address's columns apply at once.
const ViewsTools = lazyPart(() => import('./views-tools').then((part) => part.ViewsTools))
const hasViews = (name: CollectionName | undefined): name is ViewCollection => (VIEW_COLLECTIONS as readonly string[]).includes(name ?? '')

const nextOrder = (active: boolean, order: Order): Order => (active && order === 'asc' ? 'desc' : 'asc')

/** The list kit's table: search, sortable headers, paging, and its loading, empty and error states. */
export function ListView<T extends BaseRecord>(props: ListViewProps<T>) {
  const t = useT()
  const { query, data, change } = props
  const [search] = useSearchParams()
  const columns = shownColumns(props.columns, search.get(COLUMNS_PARAM))
  const first = data.status === 'loading' && data.loadedAt === null
  // The screens pass their filters along with the query.
  const state: ListState = { filters: {}, ...query }
  const bulk = useBulkSelect(props.collection, state, data.rows)
  const BulkTools = bulk?.opened ? bulkTools() : undefined
  // With the server out of reach the shell says so once; the list keeps its rows, marked not live.
  const away = useStore($unreachable)
  return (
    <section className={s.list}>
      <div className={s.toolbar}>
        <ListSearch value={query.q} onSearch={(q) => change({ q })} label={props.searchLabel} />
        {props.toolbar}
        {/* Before the filter's tools: their chips and panel take whole rows of their own below these. */}
        {hasViews(props.collection) && <ViewsTools collection={props.collection} columns={props.columns} shown={columns.map((column) => column.key)} query={{ filters: {}, ...query }} />}
        {props.collection && <ListTools collection={props.collection} query={{ filters: {}, ...query }} change={change} ownFilters={props.ownFilters} />}
      </div>
      {bulk && BulkTools && (
        <Suspense fallback={null}>
          <BulkTools bulk={bulk} query={state} total={data.total} reload={props.reload} rules={props.bulkRules} />
        </Suspense>
      )}
      {data.status === 'error' && !away && (
        <Banner variant="error">
          {messageText(data.message)}{' '}
          <Button variant="text" onClick={props.reload}>
            {t('list.retry')}
          </Button>
        </Banner>
      )}
      <div className={s.scroll}>
        <table className={clsx(s.table, data.status === 'loading' && !first && s.stale)} aria-busy={data.status === 'loading'}>
          <caption className="visually-hidden">{props.caption}</caption>
          <thead>
            <tr>
              {bulk && <BulkHeadCell bulk={bulk} />}
              {columns.map((column) => {
                const active = column.sort !== undefined && query.sort === column.sort
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={clsx(column.priority === 'low' && s.low, column.align === 'end' && s.end)}
                    aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {column.sort ? (
                      <button type="button" className={s.sort} onClick={() => change({ sort: column.sort, order: nextOrder(active, query.order) })}>
                        {column.label}
                        <span className={s.arrow} aria-hidden="true">
                          {active ? (query.order === 'asc' ? '▲' : '▼') : ''}
                        </span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.id} className={clsx(props.rowClass?.(row), bulk && isSelected(bulk.selection, row.id) && bulkStyles.selected)}>
                {bulk && <BulkCell bulk={bulk} id={row.id} label={(props.rowLabel ?? defaultRowLabel)(row)} />}
                {columns.map((column) => (
                  <td key={column.key} data-label={column.label} className={clsx(column.priority === 'low' && s.low, column.align === 'end' && s.end)}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {first && <Spinner className={s.loading} label={t('list.loading')} />}
      {data.status === 'ready' && data.total === 0 && (
        <div className={s.empty}>
          {query.q ? (
            <>
              <p>{t('list.noMatch', { q: query.q })}</p>
              <Button variant="secondary" onClick={() => change({ q: '' })}>
                {t('list.clearSearch')}
              </Button>
            </>
          ) : (
            (props.empty ?? <p>{t('list.empty')}</p>)
          )}
        </div>
      )}
      {data.total > 0 && (
        <ListPages
          page={query.page}
          perPage={query.per_page}
          total={data.total}
          onPage={(page) => change({ page })}
          onPerPage={(per_page) => change({ per_page })}
        />
      )}
    </section>
  )
}
