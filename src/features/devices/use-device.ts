import type { Device } from '../../contract/devices'
import { useRecord } from '../../ui/record/use-record'
import { patchDevice } from './device-values'
import { devicesApi } from './devices-api'

/**
 * One device, kept live: its status follows `device` events at once, and each of them (a heartbeat,
 * at most every 15 s) or a change to it elsewhere reads it again, so its address, OS and firmware
 * follow what it reports.
 */
export const useDevice = (id: string) =>
  useRecord<Device>(id, devicesApi.get, {
    keptAs: 'device',
    reloadOn: (event) => (event.type === 'change' || event.type === 'device') && (event.type === 'device' || event.data.collection === 'devices') && event.data.id === id,
    patch: (device, event) => (event.type === 'device' && event.data.id === id ? patchDevice(device, event.data) : undefined),
  })
