import { collection, conflictCurrent } from '../../api/collection'
import { call, type Result } from '../../api/client'
import { DEFAULT_HISTORY_RANGE, historyPath, timelinePath, type HistoryRange, type TimelineRun } from '../../contract/device-history'
import type { Device, DeviceInput, DeviceSample } from '../../contract/devices'
import type { Tunnel, TunnelInput } from '../../contract/tunnels'
import { fieldErrors, toInput, type DeviceValues } from './device-values'

export const devicesApi = collection<Device, DeviceInput>('devices')

/**
 * Creates a device (no `id`) or saves one at `version`. Errors of single tags go on the tags
 * field, and a refused duplicate (409 without a current record) on the serial.
 */
export async function saveDevice(values: DeviceValues, version: number | null, id?: string): Promise<Result<Device>> {
  const input = toInput(values)
  const result = id && version !== null ? await devicesApi.update(id, { ...input, version }) : await devicesApi.create(input)
  if (result.ok) return result
  if (result.status === 409 && conflictCurrent(result) === undefined) return { ...result, errors: { serial: result.message } }
  return { ...result, errors: fieldErrors(result.errors) as Record<string, string> | undefined }
}

/** Read here only for a device's own tunnels (`filters: { device_id }`). */
export const tunnelsApi = collection<Tunnel, TunnelInput>('tunnels')

/** `GET /devices/{id}/history?range=`: latency averaged and bytes summed per bucket, oldest first. */
export const deviceHistory = (id: string, range: HistoryRange = DEFAULT_HISTORY_RANGE, signal?: AbortSignal) =>
  call<DeviceSample[]>('GET', historyPath(id), { query: { range }, signal })

/** `GET /devices/{id}/timeline?range=`: the device's status as runs, oldest first. */
export const deviceTimeline = (id: string, range: HistoryRange = DEFAULT_HISTORY_RANGE, signal?: AbortSignal) =>
  call<TimelineRun[]>('GET', timelinePath(id), { query: { range }, signal })

/** The detail view of a device, relative to `/app`. */
export const deviceHref = (id: string) => `/devices/details?id=${encodeURIComponent(id)}`

/** The tunnels list narrowed to one device, relative to `/app`. */
export const deviceTunnelsHref = (id: string) => `/tunnels?device_id=${encodeURIComponent(id)}`
