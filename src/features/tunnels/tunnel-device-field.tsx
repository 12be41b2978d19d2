import { useEffect, useState } from 'react'
import { messageText } from '../../lib/i18n'
import { Select } from '../../ui/select'
import { ListSearch } from '../../ui/list/list-search'
import type { TextFieldBinding } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { devicesApi } from './tunnels-api'
import s from './tunnel-form.module.css'
import './texts'

/** The server's largest page: a fleet bigger than this is narrowed with the search. */
const DEVICES_PER_PAGE = 100

export interface DeviceFieldProps extends TextFieldBinding {
  /** Device names by id, shared with the form: the chosen one stays on offer when a search leaves it out. */
  names: Map<string, string>
}

/** The tunnel's device: a search over the organization's devices and a select of what it finds. */
export function DeviceField({ names, ...binding }: DeviceFieldProps) {
  const t = useT()
  const [q, setQ] = useState('')
  const [found, setFound] = useState<{ id: string; name: string }[] | null>(null)
  const [message, setMessage] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    void devicesApi.list({ q, sort: 'name', order: 'asc', per_page: DEVICES_PER_PAGE }, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      setMessage(result.ok ? null : result.message)
      const devices = result.ok ? result.data.rows.map(({ id, name }) => ({ id, name })) : []
      devices.forEach((device) => names.set(device.id, device.name))
      setFound(devices)
    })
    return () => controller.abort()
  }, [q])

  // The chosen device stays on offer while the search looks elsewhere.
  const shown = found ?? []
  const chosen = binding.value && !shown.some((device) => device.id === binding.value) ? [{ id: binding.value, name: names.get(binding.value) ?? binding.value }] : []
  const options = [
    { value: '', label: t('tunnels.chooseDevice') },
    ...[...chosen, ...shown].map((device) => ({ value: device.id, label: device.name })),
  ]
  return (
    // Enter in the search looks for devices; it must not submit the tunnel's form.
    <fieldset className={s.deviceField} onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLElement).matches('input[type="search"]') && event.preventDefault()}>
      <legend className={s.legend}>{t('tunnels.device')}</legend>
      <ListSearch value={q} onSearch={setQ} label={t('tunnels.findDevice')} />
      <Select label={t('tunnels.device')} hideLabel {...binding} options={options} />
      {message && <p className={s.hint}>{messageText(message)}</p>}
      {!message && found?.length === 0 && <p className={s.hint}>{t('tunnels.noDevices')}</p>}
    </fieldset>
  )
}
