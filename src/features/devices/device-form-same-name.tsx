import { useEffect, useState } from 'react'
import { APP_BASE } from '../../contract/next-path'
import { useT } from '../../ui/use-t'
import { deviceHref, devicesApi } from './devices-api'

/** How long typing rests before the organization's devices are asked about the name. */
const REST_MS = 400

const key = (name: string) => name.trim().toLocaleLowerCase()

/**
 * Another device of the organization with the same name (case and spaces aside) as `name`, asked
 * once typing rests; null while there is none, or the name is empty.
 */
export function useSameNamed(name: string, ownId?: string): { id: string; name: string } | null {
  const [found, setFound] = useState<{ id: string; name: string } | null>(null)
  useEffect(() => {
    const wanted = key(name)
    if (!wanted) return setFound(null)
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      const result = await devicesApi.list({ q: name.trim(), per_page: 100 }, controller.signal)
      if (controller.signal.aborted || !result.ok) return
      const other = result.data.rows.find((device) => device.id !== ownId && key(device.name) === wanted)
      setFound(other ? { id: other.id, name: other.name } : null)
    }, REST_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [name, ownId])
  return found
}

/**
 * Says that another device has the name; saving stays allowed, as balena and Tailscale allow it.
 * The other device opens in a new tab, so what is typed here stays.
 */
export function SameNameNote({ device }: { device: { id: string; name: string } }) {
  const t = useT()
  return (
    <>
      {t('devices.form.sameName', { name: device.name })}{' '}
      <a href={APP_BASE + deviceHref(device.id)} target="_blank" rel="noopener">
        {t('devices.form.openSame')}
        <span className="visually-hidden"> {t('devices.form.newTab')}</span>
      </a>
    </>
  )
}
