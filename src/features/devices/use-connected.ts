import { useEffect, useState } from 'react'
import { deviceCredential } from '../../api/enrollment'
import type { Device } from '../../contract/devices'
import { live } from '../../stores/live'
import { devicesApi } from './devices-api'

/** Statuses that say the device has reported. */
const REPORTED = new Set(['online', 'error'])

/**
 * Waits for the device `id` to connect: null until it holds a credential other than the one it had
 * when the wait began (it enrolled) and a `device` event (or a change of its record) finds it
 * online or in error; then the device as read after it, with its address and readings. A device
 * that already reported with an organization's key does not count until it enrolled.
 */
export function useConnected(id: string): Device | null {
  const [connected, setConnected] = useState<Device | null>(null)
  useEffect(() => {
    let done = false
    const controller = new AbortController()
    const credentialId = async () => {
      const result = await deviceCredential(id, controller.signal)
      return result.ok ? (result.data?.id ?? null) : undefined
    }
    const before = credentialId()
    const read = async () => {
      const result = await devicesApi.get(id, controller.signal)
      if (done || !result.ok || !REPORTED.has(result.data.status)) return
      const [was, now] = await Promise.all([before, credentialId()])
      if (!done && now && now !== was) setConnected(result.data)
    }
    const stop = live.listen((event) => {
      if (event.type === 'device' && event.data.id === id && REPORTED.has(event.data.status)) void read()
      else if (event.type === 'change' && event.data.collection === 'devices' && event.data.id === id) void read()
      else if (event.type === 'reset') void read()
    })
    return () => {
      done = true
      controller.abort()
      stop()
    }
  }, [id])
  return connected
}
