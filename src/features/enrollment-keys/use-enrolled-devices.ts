import { useEffect, useState } from 'react'
import { collection } from '../../api/collection'
import type { Device } from '../../contract/devices'
import { live } from '../../stores/live'

const devicesApi = collection<Device>('devices')

/** The newest devices read at first, among which those of the key are found. */
const FIRST_READ = 100

/** The enrollment key a device joined with; none for one made by hand. */
const keyOf = (device: Device) => device.enrolled_by ?? null

/**
 * The devices the enrollment key `keyId` enrolled, newest first, kept live: a device created or
 * changed elsewhere is read and kept when the key enrolled it, its status follows `device`
 * events, and a deleted one leaves.
 */
export function useEnrolledDevices(keyId: string): { devices: Device[]; loaded: boolean } {
  const [devices, setDevices] = useState<Device[]>([])
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    const controller = new AbortController()
    const put = (device: Device) =>
      setDevices((old) => (keyOf(device) !== keyId ? old.filter((each) => each.id !== device.id) : [device, ...old.filter((each) => each.id !== device.id)]))
    const readAll = async () => {
      const result = await devicesApi.list({ sort: 'created_at', order: 'desc', per_page: FIRST_READ }, controller.signal)
      if (controller.signal.aborted) return
      if (result.ok) setDevices(result.data.rows.filter((device) => keyOf(device) === keyId))
      setLoaded(true)
    }
    const readOne = async (id: string) => {
      const result = await devicesApi.get(id, controller.signal)
      if (controller.signal.aborted) return
      if (result.ok) put(result.data)
      else if (result.status === 404) setDevices((old) => old.filter((each) => each.id !== id))
    }
    void readAll()
    const stop = live.listen((event) => {
      if (event.type === 'reset') return void readAll()
      if (event.type === 'change' && event.data.collection === 'devices') {
        if (event.data.action === 'delete') return setDevices((old) => old.filter((each) => each.id !== event.data.id))
        return void readOne(event.data.id)
      }
      if (event.type === 'device') {
        const { id, status, last_seen } = event.data
        setDevices((old) => old.map((each) => (each.id === id ? { ...each, status: status as Device['status'], last_seen } : each)))
      }
    })
    return () => {
      controller.abort()
      stop()
    }
  }, [keyId])
  return { devices, loaded }
}
