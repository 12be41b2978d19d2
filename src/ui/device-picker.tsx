import { useEffect, useState } from 'react'
import { collection } from '../api/collection'
import type { Device } from '../contract/devices'
import { messageText } from '../lib/i18n'
import { ListSearch } from './list/list-search'
import { Select } from './select'
import type { TextFieldBinding } from './use-form'

/** The server's largest page: a fleet bigger than this is narrowed with the search. */
const DEVICES_PER_PAGE = 100
const devices = collection<Device>('devices')

export interface DevicePickerProps extends TextFieldBinding {
  /** Device names by id, shared with the form: the chosen one stays on offer when a search leaves it out. */
  names: Map<string, string>
  /** The field's words, in the form's own namespace: its legend, the empty choice, the search's label, and "no devices". */
  texts: { legend: string; choose: string; find: string; none: string }
  /** The form's own look of a group of fields, its legend and its hints. */
  classes: { field?: string; legend?: string; hint?: string }
}

type Found = { id: string; name: string; serial: string }

/** Each device's label: its name, and beside a name that more than one has, its serial. */
export function pickerLabels(devices: readonly Found[]): Map<string, string> {
  const count = new Map<string, number>()
  for (const { name } of devices) count.set(name, (count.get(name) ?? 0) + 1)
  return new Map(devices.map((device) => [device.id, (count.get(device.name) ?? 0) > 1 ? `${device.name} · ${device.serial}` : device.name]))
}

/**
 * One device of the organization, for a form (a tunnel's, an alert rule's): a search over the
 * devices by name and a select of what it finds, so a fleet of thousands is narrowed, not scrolled.
 * Devices of the same name are told apart by their serials.
 */
export function DevicePicker({ names, texts, classes, ...binding }: DevicePickerProps) {
  const [q, setQ] = useState('')
  const [found, setFound] = useState<Found[] | null>(null)
  const [message, setMessage] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    void devices.list({ q, sort: 'name', order: 'asc', per_page: DEVICES_PER_PAGE }, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setMessage(result.ok ? null : result.message)
      const rows = result.ok ? result.data.rows.map(({ id, name, serial }) => ({ id, name, serial })) : []
      pickerLabels(rows).forEach((label, id) => names.set(id, label))
      setFound(rows)
    })
    return () => controller.abort()
  }, [q])

  // The chosen device stays on offer while the search looks elsewhere.
  const shown = found ?? []
  const labels = pickerLabels(shown)
  const chosen = binding.value && !shown.some((device) => device.id === binding.value) ? [{ value: binding.value, label: names.get(binding.value) ?? binding.value }] : []
  const options = [{ value: '', label: texts.choose }, ...chosen, ...shown.map((device) => ({ value: device.id, label: labels.get(device.id) ?? device.name }))]
  return (
    // Enter in the search looks for devices; it must not submit the form around it.
    <fieldset className={classes.field} onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLElement).matches('input[type="search"]') && event.preventDefault()}>
      <legend className={classes.legend}>{texts.legend}</legend>
      <ListSearch value={q} onSearch={setQ} label={texts.find} />
      <Select label={texts.legend} hideLabel {...binding} options={options} />
      {message && <p className={classes.hint}>{messageText(message)}</p>}
      {!message && found?.length === 0 && <p className={classes.hint}>{texts.none}</p>}
    </fieldset>
  )
}
