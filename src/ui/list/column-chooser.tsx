import { clsx } from 'clsx'
import { useSearchParams } from 'wouter'
import { buttonClass } from '../button'
import { Checkbox } from '../fields'
import { Icon } from '../icons'
import { useT } from '../use-t'
import { plainColumns } from './list-columns'
import { useToolPanel } from './tool-panel'
import { columnsSearch, toggleColumn } from './views-url'
import './views-texts'
import s from './list.module.css'

export interface ColumnChooserProps {
  /** Every column the list has, in its own order; `optional` ones show only when chosen. */
  columns: readonly { key: string; label: string; optional?: boolean }[]
  /** The keys of the columns shown, in the order shown. */
  shown: readonly string[]
}

/** The Columns button and its popover over the list: a box per column, kept in the address. */
export function ColumnChooser({ columns, shown }: ColumnChooserProps) {
  const t = useT()
  const [search, setSearch] = useSearchParams()
  const panel = useToolPanel({ popover: true })
  const all = columns.map((column) => column.key)
  const plain = plainColumns(columns).map((column) => column.key)
  return (
    <div ref={panel.root} className={s.popoverRoot}>
      <button {...panel.button} className={clsx(buttonClass('secondary'), s.toolButton)}>
        {t('views.columns')}
        <Icon name={panel.open ? 'chevron-up' : 'chevron-down'} size={16} />
      </button>
      {panel.open && (
        <fieldset {...panel.panel} className={s.popover}>
          <legend className="visually-hidden">{t('views.columnsTitle')}</legend>
          {columns.map((column) => (
            <Checkbox
              key={column.key}
              name={`column-${column.key}`}
              label={column.label || column.key}
              checked={shown.includes(column.key)}
              disabled={shown.length === 1 && shown.includes(column.key)}
              onChange={() => setSearch(columnsSearch(search, plain, toggleColumn(shown, all, column.key)), { replace: true })}
            />
          ))}
        </fieldset>
      )}
    </div>
  )
}
