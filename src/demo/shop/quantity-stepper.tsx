import { useState } from 'react'
import { useT } from '../../ui/use-t'
import { clampQty, QTY_MAX, QTY_MIN } from './cart'
import s from './quantity-stepper.module.css'
import './texts'

/** The minus or plus on a step button (the console's icon set has neither). */
const Sign = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d={d} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
)

export interface QuantityStepperProps {
  value: number
  onChange: (qty: number) => void
  /** The field's accessible name. */
  label: string
  /** The product's name, for the buttons' names. */
  name: string
  min?: number
  disabled?: boolean
}

/**
 * A quantity: a number field between a minus and a plus button. A number typed is kept within the
 * limits at once; anything else (a cleared field, about to take another number) stays as typed
 * rather than jumping to the minimum, and gives way to the kept quantity when the field is left.
 */
export function QuantityStepper({ value, onChange, label, name, min = QTY_MIN, disabled }: QuantityStepperProps) {
  const t = useT()
  const [draft, setDraft] = useState<string | null>(null)
  const step = (by: number) => {
    setDraft(null)
    onChange(clampQty(value + by, min))
  }
  return (
    <div className={s.stepper}>
      <button type="button" className={s.step} aria-label={t('demo-shop.less', { name })} disabled={disabled || value <= min} onClick={() => step(-1)}>
        <Sign d="M5 12h14" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        className={s.input}
        aria-label={label}
        min={min}
        max={QTY_MAX}
        step={1}
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(event) => {
          const text = event.currentTarget.value
          const typed = text.trim() === '' ? NaN : Number(text)
          setDraft(Number.isFinite(typed) ? null : text)
          if (Number.isFinite(typed)) onChange(clampQty(typed, min))
        }}
        onBlur={() => setDraft(null)}
      />
      <button type="button" className={s.step} aria-label={t('demo-shop.more', { name })} disabled={disabled || value >= QTY_MAX} onClick={() => step(1)}>
        <Sign d="M5 12h14M12 5v14" />
      </button>
    </div>
  )
}
