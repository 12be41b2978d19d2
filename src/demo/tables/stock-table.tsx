import { useStore } from '@nanostores/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { $locale } from '../../stores/locale'
import { Button } from '../../ui/button'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { ConfirmDialog } from '../../ui/record/confirm-dialog'
import { useT } from '../../ui/use-t'
import { Pager } from './pager'
import { EditRow, HINT, type Editing } from './stock-edit-row'
import { addItem, checkDraft, CURRENCY, draftOf, EMPTY_DRAFT, removeItem, STOCK, updateItem, type StockColumn, type StockItem } from './stock'
import { INITIAL_TABLE, tableView, withPerPage, withRowShown, withSort, type TableState } from './table-view'
import s from './tables-screen.module.css'

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

/**
 * The template's editable table, of devices in stock: a row is added, edited in place (a name, a
 * whole quantity of at least 0, a price of at least 0) or deleted once confirmed; it sorts and
 * pages like the nutrition table. Nothing is kept beyond the tab.
 */
export function StockTable({ initial = STOCK }: { initial?: readonly StockItem[] }) {
  const t = useT()
  const locale = useStore($locale)
  const money = useMemo(() => new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY }), [locale])
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale])
  const [items, setItems] = useState<StockItem[]>([...initial])
  const [state, setState] = useState<TableState<StockColumn>>(INITIAL_TABLE)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<StockItem | null>(null)
  const [news, setNews] = useState('')
  const root = useRef<HTMLElement>(null)
  // Where the keyboard goes on once an edit or a delete is over, since what had the focus is gone.
  const focusNext = useRef<string | null>(null)
  useEffect(() => {
    if (!focusNext.current) return
    root.current?.querySelector<HTMLElement>(focusNext.current)?.focus()
    focusNext.current = null
  })
  const view = tableView(items, state)
  const sortOf = (column: StockColumn) => (state.sort?.by === column ? ARIA_SORT[state.sort.order] : undefined)

  const save = () => {
    if (!editing) return
    const checked = checkDraft(editing.draft)
    if (!checked.ok) return setEditing({ ...editing, tried: true })
    const next = editing.id === 'new' ? addItem(items, checked.value) : updateItem(items, editing.id, checked.value)
    const id = editing.id === 'new' ? (next[next.length - 1]?.id ?? 0) : editing.id
    setItems(next)
    // The saved row may sort onto another page: the table goes there.
    setState((old) => withRowShown(next, old, id))
    setEditing(null)
    setNews(t(editing.id === 'new' ? 'demo-tables.stock.added' : 'demo-tables.stock.saved', { name: checked.value.name }))
    focusNext.current = `[data-edit="${id}"]`
  }
  const cancel = () => {
    focusNext.current = editing?.id === 'new' ? '[data-add]' : `[data-edit="${editing?.id}"]`
    setEditing(null)
  }
  const remove = () => {
    if (!deleting) return
    setItems((old) => removeItem(old, deleting.id))
    setNews(t('demo-tables.stock.deleted', { name: deleting.name }))
    setDeleting(null)
    focusNext.current = '[data-add]'
  }
  const editRow = (key: number | 'new') =>
    editing && <EditRow key={key} editing={editing} onChange={(change) => setEditing({ ...editing, draft: { ...editing.draft, ...change } })} onSave={save} onCancel={cancel} />
  const sortable = (column: StockColumn) => (
    <th scope="col" aria-sort={sortOf(column)} className={column === 'name' ? undefined : s.number}>
      <button type="button" className={s.sort} onClick={() => setState((old) => withSort(old, column))}>
        {t(`demo-tables.stock.${column}`)}
        {state.sort?.by === column && <Icon name={state.sort.order === 'desc' ? 'chevron-down' : 'chevron-up'} size={16} />}
      </button>
    </th>
  )

  return (
    <section ref={root} className={card.card} aria-labelledby="demo-stock">
      <div className={s.head}>
        <h2 id="demo-stock" className={card.cardTitle}>
          {t('demo-tables.stock.title')}
        </h2>
        <Button data-add disabled={!!editing} onClick={() => setEditing({ id: 'new', draft: EMPTY_DRAFT, tried: false })}>
          {t('demo-tables.stock.add')}
        </Button>
      </div>
      <p className={card.muted}>{t('demo-tables.stock.intro')}</p>
      <div className={s.scroll}>
        <table className={s.table}>
          <caption className="visually-hidden">{t('demo-tables.stock.caption')}</caption>
          <thead>
            <tr>
              {sortable('name')}
              <th scope="col">{t('demo-tables.stock.category')}</th>
              {sortable('quantity')}
              {sortable('price')}
              <th scope="col">
                <span className="visually-hidden">{t('demo-tables.stock.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {editing?.id === 'new' && editRow('new')}
            {view.rows.map((row) =>
              editing?.id === row.id ? (
                editRow(row.id)
              ) : (
                <tr key={row.id}>
                  <th scope="row">{row.name}</th>
                  <td>{t(`demo-tables.category.${row.category}`)}</td>
                  <td className={s.number}>{number.format(row.quantity)}</td>
                  <td className={s.number}>{money.format(row.price)}</td>
                  <td>
                    <div className={s.rowActions}>
                      <button
                        type="button"
                        className={s.iconButton}
                        data-edit={row.id}
                        aria-label={t('demo-tables.stock.edit', { name: row.name })}
                        disabled={!!editing}
                        onClick={() => setEditing({ id: row.id, draft: draftOf(row), tried: false })}
                      >
                        <Icon name="edit" size={18} />
                      </button>
                      <button type="button" className={s.iconButton} aria-label={t('demo-tables.stock.delete', { name: row.name })} disabled={!!editing} onClick={() => setDeleting(row)}>
                        <Icon name="close" size={18} />
                      </button>
                    </div>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
        {!items.length && !editing && <p className={s.empty}>{t('demo-tables.stock.empty')}</p>}
      </div>
      {editing && (
        <p id={HINT} className={card.muted}>
          {t('demo-tables.stock.hint')}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {news}
      </p>
      <Pager
        label={t('demo-tables.stock.perPage')}
        perPage={state.perPage}
        view={view}
        onPerPage={(perPage) => setState((old) => withPerPage(old, perPage))}
        onPage={(page) => setState((old) => ({ ...old, page }))}
      />
      <ConfirmDialog
        open={!!deleting}
        title={t('demo-tables.stock.confirmTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('demo-tables.stock.confirm')}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      >
        {t('demo-tables.stock.confirmBody')}
      </ConfirmDialog>
    </section>
  )
}
