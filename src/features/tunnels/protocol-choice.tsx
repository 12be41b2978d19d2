import { clsx } from 'clsx'
import { useId } from 'react'
import { PROTOCOLS, type Protocol } from '../../contract/tunnels'
import type { TextFieldBinding } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import s from './tunnel-form.module.css'
import './texts'

/** HTTP or TCP as two radio buttons, each with a line on what it is for. */
export function ProtocolChoice({ name, value, onChange, onBlur }: TextFieldBinding) {
  const t = useT()
  const id = useId()
  return (
    <fieldset className={s.protocols}>
      <legend className={s.legend}>{t('tunnels.protocol')}</legend>
      {PROTOCOLS.map((protocol: Protocol) => (
        <label key={protocol} className={clsx(s.protocol, value === protocol && s.chosen)}>
          <input
            type="radio"
            className={s.radio}
            name={name}
            value={protocol}
            checked={value === protocol}
            aria-describedby={`${id}-${protocol}`}
            onChange={() => onChange(protocol)}
            onBlur={onBlur}
          />
          <span className={s.protocolText}>
            <span className={s.protocolName}>{protocol.toUpperCase()}</span>
            <span id={`${id}-${protocol}`} className={s.hint}>
              {t(`tunnels.${protocol}Hint`)}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
