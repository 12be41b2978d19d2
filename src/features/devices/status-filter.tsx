import { DEVICE_STATUSES } from '../../contract/device-status'
import '../../ui/device-texts'
import { ToggleGroup } from '../../ui/toggle-group'
import { useT } from '../../ui/use-t'

/**
 * All, online, offline, provisioning or error, as a row of toggle buttons; the chosen one is
 * pressed. `value` is '' for all.
 */
export function StatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  const t = useT()
  const choices = [{ value: '', label: t('devices.all') }, ...DEVICE_STATUSES.map((status) => ({ value: status, label: t(`devices.status.${status}`) }))]
  return <ToggleGroup label={t('devices.filter')} choices={choices} value={value} onChange={onChange} />
}
