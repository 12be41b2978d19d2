import { useEffect, useState } from 'react'
import { messageText } from '../../lib/i18n'
import { ListSearch } from '../../ui/list/list-search'
import { Select } from '../../ui/select'
import type { TextFieldBinding } from '../../ui/use-form'
import { useT } from '../../ui/use-t'
import { devicesApi } from './alerts-api'
import s from './alerts.module.css'

/** The server's largest page: a fleet bigger than this is narrowed with the search. */
const DEVICES_PER_PAGE = 100

/** The rule's one device: a search over the organization's devices by name and a select of what it finds. */
export function RuleDeviceField({ names, ...binding }: TextFieldBinding & { names: Map<string, string> }) {
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
  const options = [{ value: '', label: t('alerts.rules.chooseDevice') }, ...[...chosen, ...shown].map((device) => ({ value: device.id, label: device.name }))]
  return (
    // Enter in the search looks for devices; it must not submit the rule's form.
    <fieldset className={s.group} onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLElement).matches('input[type="search"]') && event.preventDefault()}>
      <legend className={s.legend}>{t('alerts.rules.device')}</legend>
      <ListSearch value={q} onSearch={setQ} label={t('alerts.rules.findDevice')} />
      <Select label={t('alerts.rules.device')} hideLabel {...binding} options={options} />
      {message && <p className={s.hint}>{messageText(message)}</p>}
      {!message && found?.length === 0 && <p className={s.hint}>{t('alerts.rules.noDevices')}</p>}
    </fieldset>
  )
}
