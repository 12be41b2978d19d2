import { clsx } from 'clsx'
import { useState, type FormEvent } from 'react'
import type { CollectionName } from '../../contract/collections'
import { filtersOf, filterValue, takesMany, type FilterField } from '../../contract/list-filters'
import { hasText } from '../../lib/i18n'
import { Banner } from '../banner'
import { Button, buttonClass } from '../button'
import { Dropdown } from '../dropdown'
import { Checkbox, TextField } from '../fields'
import { Icon } from '../icons'
import { useT } from '../use-t'
import { downloadExport, type ExportFormat } from './export-file'
import type { ListChange, ListState } from './list-url'
import { useToolPanel } from './tool-panel'
import './list-texts'
import s from './list.module.css'

export interface ListToolsProps {
  collection: CollectionName
  query: ListState
  change: (change: ListChange) => void
  /** Filters the screen shows with controls of its own (a role picked by name): no chip or menu entry here. */
  ownFilters?: readonly string[]
}

type T = ReturnType<typeof useT>

/** How a value of `field` reads on a chip and in the menu. */
export function valueLabel(t: T, field: FilterField, value: string): string {
  if (field.kind === 'time') return value.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC')
  if (field.kind === 'text') return value
  const within = /^within_(\d+)$/.exec(value)
  if (hasText(`lists.values.${value}`)) return t(`lists.values.${value}`)
  if (within) return t('lists.withinDays', { days: within[1] })
  // A right (a key's scope) reads as its screen's name.
  return hasText(`menu.${value}`) ? t(`menu.${value}`) : value
}

/** The field's name as the console shows it. */
const fieldLabel = (t: T, field: FilterField) => (hasText(`lists.fields.${field.name}`) ? t(`lists.fields.${field.name}`) : field.name)

/**
 * The list kit's filters and export, loaded after the list: a chip for each filter value (each
 * removes itself), a menu of the fields the collection declares, and the export as CSV or JSON
 * Lines of what the list shows.
 */
export function ListTools({ collection, query, change, ownFilters = [] }: ListToolsProps) {
  const t = useT()
  const fields = filtersOf(collection).filter((field) => !ownFilters.includes(field.name))
  const filter = useToolPanel()
  const [exporting, setExporting] = useState(false)
  const [failure, setFailure] = useState('')
  const values = (name: string) => query.filters[name] ?? []
  const set = (name: string, next: readonly string[]) => change({ filters: { [name]: next } })
  const chips = fields.flatMap((field) => values(field.name).map((value) => ({ field, value })))

  const save = async (format: ExportFormat) => {
    setExporting(true)
    setFailure('')
    const failed = await downloadExport(collection, query, format)
    setExporting(false)
    if (failed) setFailure(t('lists.exportFailed', { message: failed }))
  }

  return (
    <>
      {fields.length > 0 && (
        <button {...filter.button} className={clsx(buttonClass('secondary'), s.toolButton)}>
          {t('lists.filter')}
        </button>
      )}
      <Dropdown
        label={t('lists.exportTitle')}
        button={
          <>
            {exporting ? t('lists.exporting') : t('lists.export')}
            <Icon name="chevron-down" size={16} />
          </>
        }
        buttonClassName={s.toolButton}
        items={(['csv', 'jsonl'] as const).map((format) => ({ key: format, label: t(`lists.${format}`), onSelect: () => void save(format) }))}
      />
      {failure && (
        <div className={s.wide}>
          <Banner variant="error">{failure}</Banner>
        </div>
      )}
      {filter.open && (
        <div {...filter.panel} className={s.filterPanel} role="group" aria-label={t('lists.filterTitle')}>
          {fields.map((field) => (
            <FieldFilter key={field.name} t={t} field={field} values={values(field.name)} set={(next) => set(field.name, next)} />
          ))}
        </div>
      )}
      {chips.length > 0 && (
        <ul className={s.chips} aria-label={t('lists.chips')}>
          {chips.map(({ field, value }) => {
            const text = `${fieldLabel(t, field)}: ${valueLabel(t, field, value)}`
            return (
              <li key={`${field.name}=${value}`} className={s.chip}>
                <span>{text}</span>
                <button
                  type="button"
                  className={s.chipRemove}
                  aria-label={t('lists.remove', { filter: text })}
                  onClick={() => set(field.name, values(field.name).filter((one) => one !== value))}
                >
                  <Icon name="close" size={14} />
                </button>
              </li>
            )
          })}
          {chips.length > 1 && (
            <li>
              <Button variant="text" onClick={() => change({ filters: Object.fromEntries(fields.map((field) => [field.name, []])) })}>
                {t('lists.clear')}
              </Button>
            </li>
          )}
        </ul>
      )}
    </>
  )
}

interface FieldFilterProps {
  t: T
  field: FilterField
  values: readonly string[]
  set: (values: readonly string[]) => void
}

/** One field of the menu: a box per value it takes, or a text or a time to add. */
function FieldFilter({ t, field, values, set }: FieldFilterProps) {
  const [draft, setDraft] = useState('')
  const label = fieldLabel(t, field)
  if (field.values) {
    return (
      <fieldset className={s.filterField}>
        <legend>{label}</legend>
        {field.values.map((value) => (
          <Checkbox
            key={value}
            name={`${field.name}-${value}`}
            label={valueLabel(t, field, value)}
            checked={values.includes(value)}
            onChange={(checked) => set(checked ? [...values, value] : values.filter((one) => one !== value))}
          />
        ))}
      </fieldset>
    )
  }
  const time = field.kind === 'time'
  const add = (event: FormEvent) => {
    event.preventDefault()
    // A local time from the picker is sent as the instant it names.
    const value = filterValue(field, time && draft ? new Date(draft).toISOString() : draft.trim())
    if (!value) return
    set(takesMany(field) ? [...values.filter((one) => one !== value), value] : [value])
    setDraft('')
  }
  return (
    <form className={s.filterField} onSubmit={add} aria-label={label}>
      <TextField label={label} name={field.name} type={time ? 'datetime-local' : 'text'} value={draft} maxLength={100} onChange={setDraft} />
      <Button type="submit" variant="secondary">
        {t('lists.add')}
      </Button>
    </form>
  )
}
