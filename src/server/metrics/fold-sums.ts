import { bucketOf, emptyHistogram, type Histogram } from './histogram'

const MINUTE_MS = 60_000

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step

/** A heartbeat as a fold reads it: each metric null where the beat did not carry it. */
export interface FoldedBeat {
  organization_id: string
  device_id: string
  at: string
  status: string
  latency_ms: number | null
  bytes_in: number | null
  bytes_out: number | null
}

/** What one chunk's heartbeats add to one rollup bucket of one organization and grain. */
export interface BucketSum {
  organizationId: string
  step: number
  start: number
  samples: number
  /** Summed over the beats that carried them. */
  bytesIn: number
  bytesOut: number
  /** Beats that carried no bytes in (out): a bucket where every beat lacked them has no reading. */
  bytesInMissing: number
  bytesOutMissing: number
  /** Counts only the beats that carried a latency. */
  latency: Histogram
  /** Devices that reported online in the bucket, in this chunk. */
  online: Set<string>
}

/** What one chunk's heartbeats add to a device's hour. */
export interface DeviceSum {
  organizationId: string
  deviceId: string
  samples: number
  bytesIn: number
  bytesOut: number
  /** Start of the last minute the device reported online in this chunk. */
  lastOnline: number | undefined
}

/**
 * The heartbeats of a chunk summed per organization, grain (`grains`, in seconds) and bucket, keyed
 * `organization\ngrain\nstart`, and per organization and device, keyed `organization\ndevice`. A
 * reading a beat did not carry adds nothing: no bytes, no latency sample.
 */
export function sumHeartbeats(rows: readonly FoldedBeat[], grains: readonly number[]): { buckets: Map<string, BucketSum>; devices: Map<string, DeviceSum> } {
  const buckets = new Map<string, BucketSum>()
  const devices = new Map<string, DeviceSum>()
  for (const row of rows) {
    const at = Date.parse(row.at)
    const online = row.status === 'online'
    const latencyBucket = row.latency_ms === null ? undefined : bucketOf(row.latency_ms)
    const bytesIn = Number(row.bytes_in ?? 0)
    const bytesOut = Number(row.bytes_out ?? 0)
    for (const step of grains) {
      const start = floorTo(at, step * 1000)
      const key = `${row.organization_id}\n${step}\n${start}`
      let sum = buckets.get(key)
      if (!sum) {
        sum = { organizationId: row.organization_id, step, start, samples: 0, bytesIn: 0, bytesOut: 0, bytesInMissing: 0, bytesOutMissing: 0, latency: emptyHistogram(), online: new Set() }
        buckets.set(key, sum)
      }
      sum.samples++
      sum.bytesIn += bytesIn
      sum.bytesOut += bytesOut
      if (row.bytes_in === null) sum.bytesInMissing++
      if (row.bytes_out === null) sum.bytesOutMissing++
      if (latencyBucket !== undefined) sum.latency[latencyBucket]!++
      if (online) sum.online.add(row.device_id)
    }
    const key = `${row.organization_id}\n${row.device_id}`
    let device = devices.get(key)
    if (!device) {
      device = { organizationId: row.organization_id, deviceId: row.device_id, samples: 0, bytesIn: 0, bytesOut: 0, lastOnline: undefined }
      devices.set(key, device)
    }
    device.samples++
    device.bytesIn += bytesIn
    device.bytesOut += bytesOut
    if (online) device.lastOnline = Math.max(device.lastOnline ?? 0, floorTo(at, MINUTE_MS))
  }
  return { buckets, devices }
}
