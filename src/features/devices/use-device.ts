import { useEffect, useState } from 'react'
import type { Device } from '../../contract/devices'
import { live } from '../../stores/live'
import { patchDevice } from './device-values'
import { devicesApi } from './devices-api'

export type DeviceState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; device: Device; loadedAt: number }

/**
 * One device, kept live: its status follows `device` events, and a change to it elsewhere reads
 * it again quietly. Another organization's id, or one deleted meanwhile, reads as missing.
 */
export function useDevice(id: string) {
  const [state, setState] = useState<DeviceState>(id ? { status: 'loading' } : { status: 'missing' })
  const [round, setRound] = useState(0)

  useEffect(() => {
    if (!id) return
    const controller = new AbortController()
    void devicesApi.get(id, controller.signal).then((result) => {
      if (controller.signal.aborted) return
      if (result.ok) setState({ status: 'ready', device: result.data, loadedAt: Date.now() })
      else if (result.status === 404) setState({ status: 'missing' })
      // A quiet reload that fails keeps what is on screen; the live status tells it is stale.
      else setState((old) => (old.status === 'ready' ? old : { status: 'error', message: result.message }))
    })
    return () => controller.abort()
  }, [id, round])

  useEffect(
    () =>
      live.listen((event) => {
        if (event.type === 'device' && event.data.id === id) {
          setState((old) => (old.status === 'ready' ? { ...old, device: patchDevice(old.device, event.data) } : old))
        } else if (event.type === 'reset' || (event.type === 'change' && event.data.collection === 'devices' && event.data.id === id)) {
          setRound((n) => n + 1)
        }
      }),
    [id],
  )

  return {
    state,
    reload: () => setRound((n) => n + 1),
    /** Shows `device` as it is now, e.g. the answer of a save. */
    replace: (device: Device) => setState({ status: 'ready', device, loadedAt: Date.now() }),
  }
}
