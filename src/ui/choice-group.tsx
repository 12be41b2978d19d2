import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import s from './choice-group.module.css'

export interface Choice<V extends string> {
  value: V
  label: string
  /** Shown before the label (a colour swatch, an icon). */
  mark?: ReactNode
}

export interface ChoiceGroupProps<V extends string> {
  legend: string
  name: string
  choices: readonly Choice<V>[]
  value: V
  onChange: (value: V) => void
  /** Lays the choices out as a grid of tiles instead of a column. */
  tiles?: boolean
}

/** A group of native radio buttons: arrows move and choose, as a radio group should. */
export function ChoiceGroup<V extends string>({ legend, name, choices, value, onChange, tiles }: ChoiceGroupProps<V>) {
  return (
    <fieldset className={s.group}>
      <legend className={s.legend}>{legend}</legend>
      <div className={clsx(s.choices, tiles && s.tiles)}>
        {choices.map((choice) => (
          <label key={choice.value} className={clsx(s.choice, choice.value === value && s.chosen)}>
            <input
              type="radio"
              className={s.radio}
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            {choice.mark}
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
