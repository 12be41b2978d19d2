import { clsx } from 'clsx'
import s from './toggle-group.module.css'

export interface Toggle<V extends string> {
  value: V
  label: string
}

/** A row of toggle buttons of which one is pressed: a list's filter (all, online, offline...). */
export function ToggleGroup<V extends string>({ label, choices, value, onChange }: { label: string; choices: readonly Toggle<V>[]; value: V; onChange: (value: V) => void }) {
  return (
    <div role="group" aria-label={label} className={s.group}>
      {choices.map((choice) => (
        <button
          key={choice.value || 'all'}
          type="button"
          className={clsx(s.choice, value === choice.value && s.pressed)}
          aria-pressed={value === choice.value}
          onClick={() => value !== choice.value && onChange(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  )
}
