// The device's readings from its files under a root folder (`/` on a device, a fixture folder in
// the tests): who it is on enrolling, what it reports with each heartbeat.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { asSerial, bytesSince, cpuPercent, cpuSerial, cpuTimes, firstIpv4, firstLine, memoryPercent, netCounters, prettyName, type CpuTimes, type NetCounters } from './readings'

/** The readings of one heartbeat; each is left out when it cannot be read. */
export interface Readings {
  ip?: string
  os?: string
  firmware?: string
  metrics?: { latency_ms?: number; bytes_in?: number; bytes_out?: number; cpu?: number; memory?: number }
}

/** A file's text under `root`, or undefined when it cannot be read. */
export const readText = (root: string, file: string): string | undefined => {
  try {
    return fs.readFileSync(path.join(root, file), 'utf8')
  } catch {
    return undefined
  }
}

const orUndefined = <T>(text: string | undefined, read: (text: string) => T | undefined) => (text === undefined ? undefined : read(text))

/** The device's hardware identity: the machine id, else D-Bus's, else a Raspberry Pi's serial, else the host name. */
export function machineSerial(root = '/', hostname = os.hostname()): string | undefined {
  for (const file of ['etc/machine-id', 'var/lib/dbus/machine-id']) {
    const id = orUndefined(readText(root, file), (text) => asSerial(firstLine(text, 64) ?? ''))
    if (id) return id
  }
  return orUndefined(readText(root, 'proc/cpuinfo'), cpuSerial) ?? asSerial(hostname)
}

/** The board's model: the device tree's (a Raspberry Pi's), else the firmware's DMI product name. */
export const machineModel = (root = '/'): string | undefined =>
  orUndefined(readText(root, 'proc/device-tree/model'), (text) => firstLine(text, 80)) ??
  orUndefined(readText(root, 'sys/devices/virtual/dmi/id/product_name'), (text) => firstLine(text, 80))

/** The operating system's name: `PRETTY_NAME` of os-release, else the kernel's type and release. */
export const osName = (root = '/'): string =>
  (orUndefined(readText(root, 'etc/os-release'), prettyName) ?? `${os.type()} ${os.release()}`).slice(0, 80)

/** The firmware version: as given, else /etc/edgeline-firmware, else the kernel release. */
export const firmwareVersion = (root = '/', given?: string): string =>
  (given || orUndefined(readText(root, 'etc/edgeline-firmware'), (text) => firstLine(text, 40)) || os.release()).slice(0, 40)

/**
 * Reads what changes between heartbeats: CPU use and bytes since the last read, memory in use now.
 * The first read only sets the starting point of CPU and traffic.
 */
export class Sampler {
  private cpu: CpuTimes | undefined
  private net: NetCounters | undefined

  constructor(private readonly root = '/') {}

  /** CPU, memory and traffic since the previous call; what cannot be read is left out. */
  sample(): NonNullable<Readings['metrics']> {
    const metrics: NonNullable<Readings['metrics']> = {}
    const cpu = orUndefined(readText(this.root, 'proc/stat'), cpuTimes)
    if (cpu && this.cpu) {
      const percent = cpuPercent(this.cpu, cpu)
      if (percent !== undefined) metrics.cpu = percent
    }
    this.cpu = cpu ?? this.cpu
    const memory = orUndefined(readText(this.root, 'proc/meminfo'), memoryPercent)
    if (memory !== undefined) metrics.memory = memory
    const netdev = readText(this.root, 'proc/net/dev')
    if (netdev !== undefined) {
      const net = netCounters(netdev)
      if (this.net) Object.assign(metrics, bytesSince(this.net, net))
      this.net = net
    }
    return metrics
  }
}

/** The readings of the next heartbeat, with the previous one's round trip when there was one. */
export function readings(sampler: Sampler, fixed: { os: string; firmware: string }, latencyMs: number | undefined): Readings {
  const metrics = sampler.sample()
  if (latencyMs !== undefined) metrics.latency_ms = Math.min(60_000, Math.round(latencyMs * 10) / 10)
  const ip = firstIpv4(os.networkInterfaces())
  return { ...(ip ? { ip } : {}), os: fixed.os, firmware: fixed.firmware, ...(Object.keys(metrics).length ? { metrics } : {}) }
}
