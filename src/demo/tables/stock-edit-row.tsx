import { clsx } from 'clsx'
import type { KeyboardEvent } from 'react'
import { messageText } from '../../lib/i18n'
import { Button } from '../../ui/button'
import fields from '../../ui/fields.module.css'
import { Select } from '../../ui/select'
import { useT } from '../../ui/use-t'
import { CATEGORIES, checkDraft, type Category, type Draft } from './stock'
import s from './tables-screen.module.css'

/** The id of the hint under the table while a row is edited, which its fields point to. */
export const HINT = 'demo-stock-hint'

/** The row being edited (or the new one) as typed; its errors show once a save was tried. */
export interface Editing {
  id: number | 'new'
  draft: Draft
  tried: boolean
}

/** A row turned into fields in place: Enter in a field saves it, Esc leaves it as it was. */
export function EditRow({ editing, onChange, onSave, onCancel }: { editing: Editing; onChange: (change: Partial<Draft>) => void; onSave: () => void; onCancel: () => void }) {
  const t = useT()
  const checked = checkDraft(editing.draft)
  const errors = editing.tried && !checked.ok ? checked.errors : {}
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    const inField = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement
    if (event.key === 'Escape' || (event.key === 'Enter' && inField)) {
      event.preventDefault()
      if (event.key === 'Enter') onSave()
      else onCancel()
    }
  }
  const field = (name: 'name' | 'quantity' | 'price', inputMode?: 'numeric' | 'decimal') => {
    const error = errors[name]
    const errorId = `demo-stock-${name}-error`
    return (
      <>
        <input
          className={clsx(fields.input, s.cellInput, error && fields.invalid)}
          aria-label={t(`demo-tables.stock.${name}`)}
          value={editing.draft[name]}
          inputMode={inputMode}
          // A number reads left to right, its minus first, in a right-to-left page too.
          dir={inputMode ? 'ltr' : undefined}
          autoComplete="off"
          autoFocus={name === 'name'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${HINT}` : HINT}
          onChange={(event) => onChange({ [name]: event.target.value })}
        />
        {error && (
          <p id={errorId} className={fields.error}>
            {messageText(error)}
          </p>
        )}
      </>
    )
  }
  return (
    <tr className={s.editRow} onKeyDown={onKeyDown}>
      <td>{field('name')}</td>
      <td>
        <Select
          label={t('demo-tables.stock.category')}
          hideLabel
          name="category"
          className={s.cellSelect}
          value={editing.draft.category}
          options={CATEGORIES.map((category) => ({ value: category, label: t(`demo-tables.category.${category}`) }))}
          onChange={(category) => onChange({ category: category as Category })}
        />
      </td>
      <td className={s.number}>{field('quantity', 'numeric')}</td>
      <td className={s.number}>{field('price', 'decimal')}</td>
      <td>
        <div className={s.rowActions}>
          <Button variant="primary" onClick={onSave}>
            {t('demo-tables.stock.save')}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('demo-tables.stock.cancel')}
          </Button>
        </div>
      </td>
    </tr>
  )
}
