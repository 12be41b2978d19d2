// What a device reads of itself, from the text of its /proc and /etc files: each reading is a pure
// function of that text, so the tests run them on fixture files.
import type { NetworkInterfaceInfo } from 'node:os'

/** The CPU's time counters of the `cpu` line of /proc/stat, in ticks. */
export interface CpuTimes {
  busy: number
  total: number
}

/** Bytes received and sent per network interface, as /proc/net/dev counts them. */
export type NetCounters = Map<string, { rx: number; tx: number }>

const round1 = (value: number) => Math.round(value * 10) / 10
const clampPercent = (value: number) => Math.min(100, Math.max(0, round1(value)))

/** The summed `cpu` line of /proc/stat; idle and iowait are the idle time. Undefined when absent. */
export function cpuTimes(stat: string): CpuTimes | undefined {
  const line = stat.split('\n').find((row) => /^cpu\s/.test(row))
  if (!line) return undefined
  // user nice system idle iowait irq softirq steal (guest and guest_nice are counted in user already)
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number)
  if (fields.length < 4 || fields.some((value) => !Number.isFinite(value))) return undefined
  const total = fields.reduce((sum, value) => sum + value, 0)
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
  return { busy: total - idle, total }
}

/** CPU use in percent between two reads of /proc/stat; undefined when no time passed between them. */
export function cpuPercent(before: CpuTimes, after: CpuTimes): number | undefined {
  const total = after.total - before.total
  if (total <= 0) return undefined
  return clampPercent(((after.busy - before.busy) / total) * 100)
}

/** Memory in use in percent from /proc/meminfo: MemTotal less MemAvailable (or, on old kernels, free and caches). */
export function memoryPercent(meminfo: string): number | undefined {
  const kib = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(meminfo)
    return match ? Number(match[1]) : undefined
  }
  const total = kib('MemTotal')
  if (!total) return undefined
  const available = kib('MemAvailable') ?? sumOf([kib('MemFree'), kib('Buffers'), kib('Cached')])
  if (available === undefined) return undefined
  return clampPercent(((total - available) / total) * 100)
}

const sumOf = (values: (number | undefined)[]) => (values.some((value) => value === undefined) ? undefined : values.reduce<number>((sum, value) => sum + value!, 0))

/** Each interface's received and sent bytes from /proc/net/dev, loopback left out. */
export function netCounters(netdev: string): NetCounters {
  const counters: NetCounters = new Map()
  for (const line of netdev.split('\n')) {
    const match = /^\s*([^\s:]+):\s*(.*)$/.exec(line)
    if (!match || match[1] === 'lo') continue
    const fields = match[2]!.trim().split(/\s+/).map(Number)
    const rx = fields[0]
    const tx = fields[8]
    if (rx === undefined || tx === undefined || !Number.isFinite(rx) || !Number.isFinite(tx)) continue
    counters.set(match[1]!, { rx, tx })
  }
  return counters
}

const WRAP_32 = 2 ** 32

/**
 * What a counter grew by: a 32-bit counter (a 32-bit kernel's) past half its range that went back
 * wrapped; any other that went back was reset (the interface restarted), so it counts from zero.
 */
export function counterGrowth(before: number, after: number): number {
  if (after >= before) return after - before
  if (before >= WRAP_32 / 2 && before < WRAP_32) return WRAP_32 - before + after
  return after
}

/** Bytes in and out since `before`, summed over interfaces; one that was not there before starts counting now. */
export function bytesSince(before: NetCounters, after: NetCounters): { bytes_in: number; bytes_out: number } {
  let bytesIn = 0
  let bytesOut = 0
  for (const [name, now] of after) {
    const then = before.get(name)
    if (!then) continue
    bytesIn += counterGrowth(then.rx, now.rx)
    bytesOut += counterGrowth(then.tx, now.tx)
  }
  return { bytes_in: Math.min(bytesIn, 1e12), bytes_out: Math.min(bytesOut, 1e12) }
}

/** `PRETTY_NAME` of /etc/os-release, unquoted. */
export function prettyName(osRelease: string): string | undefined {
  const match = /^PRETTY_NAME=(.*)$/m.exec(osRelease)
  if (!match) return undefined
  const raw = match[1]!.trim()
  const value = /^(["']).*\1$/.test(raw) ? raw.slice(1, -1).replace(/\\(["'$`\\])/g, '$1') : raw
  return value.trim() || undefined
}

/** The `Serial` line of a Raspberry Pi's /proc/cpuinfo, when it is not all zeros. */
export function cpuSerial(cpuinfo: string): string | undefined {
  const match = /^Serial\s*:\s*([0-9a-fA-F]+)\s*$/m.exec(cpuinfo)
  return match && /[1-9a-fA-F]/.test(match[1]!) ? match[1]!.toLowerCase() : undefined
}

/** The first address of an interface that is IPv4 and not internal (loopback). */
export function firstIpv4(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string | undefined {
  for (const addresses of Object.values(interfaces)) {
    // Node 18.0-18.3 said the family as the number 4.
    const found = addresses?.find((address) => !address.internal && (address.family === 'IPv4' || (address.family as unknown) === 4))
    if (found) return found.address
  }
  return undefined
}

/** A text as a serial the console takes: letters, digits, `.`, `_`, `-`, a letter or digit first, 64 at most. */
export function asSerial(text: string): string | undefined {
  const serial = text.trim().replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '').slice(0, 64)
  return serial || undefined
}

/** The first line of a file's text, trimmed, cut to `max` characters; undefined when empty. */
export function firstLine(text: string, max: number): string | undefined {
  // Device-tree strings end in a NUL.
  const line = text.replace(/\0/g, '').split('\n')[0]!.trim().slice(0, max)
  return line || undefined
}
