import { useEffect, useState } from 'react'
import type { Tunnel } from '../../contract/tunnels'
import { notify } from '../../stores/notices'
import { useT } from '../../ui/use-t'
import { inputOf, tunnelsApi } from './tunnels-api'
import s from './tunnel-switch.module.css'
import './texts'

/**
 * Turns a tunnel on or off from its row: a `PUT` with the version the row shows. When someone
 * changed the tunnel meanwhile the list reloads and says so, rather than overwrite their change.
 */
export function TunnelSwitch({ tunnel, onChanged }: { tunnel: Tunnel; onChanged: () => void }) {
  const t = useT()
  // What the user asked for, shown until the reloaded row catches up.
  const [asked, setAsked] = useState<boolean | null>(null)
  useEffect(() => setAsked(null), [tunnel.version])
  const busy = asked !== null

  const toggle = async () => {
    const enabled = !tunnel.enabled
    setAsked(enabled)
    const result = await tunnelsApi.update(tunnel.id, { ...inputOf(tunnel), enabled, version: tunnel.version })
    if (result.ok) notify('success', enabled ? 'tunnels.enabledNow' : 'tunnels.disabledNow')
    else {
      setAsked(null)
      notify(result.status === 409 ? 'warning' : 'error', result.status === 409 ? 'tunnels.changed' : result.message)
    }
    onChanged()
  }

  return (
    <label className={s.switch}>
      <input
        type="checkbox"
        role="switch"
        className={s.switchInput}
        checked={asked ?? tunnel.enabled}
        aria-busy={busy || undefined}
        onChange={() => !busy && void toggle()}
      />
      <span className={s.track} aria-hidden="true" />
      <span className="visually-hidden">{t('tunnels.enabledOf', { name: tunnel.name })}</span>
    </label>
  )
}
