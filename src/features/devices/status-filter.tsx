import { clsx } from 'clsx'
import { DEVICE_STATUSES } from '../../contract/devices'
import { useT } from '../../ui/use-t'
import s from './status-filter.module.css'

/**
 * All, online, offline, provisioning or error, as a row of toggle buttons; the chosen one is
 * pressed. `value` is '' for all.
 */
export function StatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  const t = useT()
  const choices = [{ value: '', label: t('devices.all') }, ...DEVICE_STATUSES.map((status) => ({ value: status, label: t(`devices.status.${status}`) }))]
  return (
    <div role="group" aria-label={t('devices.filter')} className={s.filter}>
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
