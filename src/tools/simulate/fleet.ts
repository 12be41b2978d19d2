import pLimit from 'p-limit'
import type { Device, DeviceInput } from '../../contract/devices'
import { CallError, createDevice, devicePage, type Api } from './api'

const SITES = [
  { name: 'Berlin HQ', slug: 'ber', net: 60, utcOffset: 1 },
  { name: 'Hamburg Depot', slug: 'ham', net: 61, utcOffset: 1 },
  { name: 'Madrid Warehouse', slug: 'mad', net: 62, utcOffset: 1 },
  { name: 'Jakarta Office', slug: 'jkt', net: 63, utcOffset: 7 },
  { name: 'New York Store 4', slug: 'nyc', net: 64, utcOffset: -5 },
  { name: 'Sao Paulo Plant', slug: 'sao', net: 65, utcOffset: -3 },
]
const KINDS = [
  { kind: 'kiosk', model: 'Kiosk K2', outRatio: 0.3 },
  { kind: 'gateway', model: 'EdgeBox 500', outRatio: 0.8 },
  { kind: 'camera', model: 'Jetson Nano', outRatio: 4 },
  { kind: 'sensor', model: 'Raspberry Pi 4', outRatio: 1.5 },
  { kind: 'signage', model: 'EdgeBox 300', outRatio: 0.1 },
]
export const FIRMWARES = ['2.4.1', '2.4.3', '2.5.0', '2.5.1']

/** What an agent needs to know of its device; the rest it makes up as it goes. */
export interface SimDevice {
  id: string
  serial: string
  ip: string
  firmware: string
  /** Hours from UTC at the device's site, for its day and night. */
  utcOffset: number
  /** Bytes sent per byte received. */
  outRatio: number
}

export const simSerial = (n: number) => `SIM-${String(n).padStart(4, '0')}`
const SIM_SERIAL = /^SIM-\d{4,}$/

function inputFor(n: number): DeviceInput {
  const site = SITES[n % SITES.length]!
  const kind = KINDS[Math.floor(n / SITES.length) % KINDS.length]!
  return {
    name: `sim-${site.slug}-${kind.kind}-${String(n).padStart(4, '0')}`,
    serial: simSerial(n),
    model: kind.model,
    location: site.name,
    tags: [kind.kind, 'simulated'],
  }
}

/** The agent's view of a device: site and kind from its name or location, a stable address otherwise. */
function simDevice(device: Device, n: number): SimDevice {
  const site = SITES.find((s) => device.location === s.name || device.name.includes(`-${s.slug}-`)) ?? SITES[n % SITES.length]!
  const kind = KINDS.find((k) => device.tags.includes(k.kind) || device.name.includes(k.kind)) ?? KINDS[n % KINDS.length]!
  return {
    id: device.id,
    serial: device.serial,
    ip: device.ip || `10.${site.net}.${Math.floor(n / 250) % 256}.${(n % 250) + 2}`,
    firmware: device.firmware || FIRMWARES[n % FIRMWARES.length]!,
    utcOffset: site.utcOffset,
    outRatio: kind.outRatio,
  }
}

/** Every device of the organization whose serial matches `q`, a page of 100 at a time. */
async function listAll(api: Api, q: string): Promise<Device[]> {
  const all: Device[] = []
  for (let page = 1; ; page++) {
    const { data, total } = await devicePage(api, page, q)
    all.push(...data)
    if (data.length < 100 || all.length >= total) return all
  }
}

/**
 * Devices SIM-0001 to SIM-N, registered when missing (a second run reuses them), and with `adopt`
 * every other device of the organization too. A device the server refuses (the plan's limit) is
 * left out: the first refusal stops the registering, and `log` hears how many were not added and
 * why. `log` hears of progress.
 */
export async function ensureFleet(api: Api, count: number, adopt: boolean, concurrency: number, log: (line: string) => void): Promise<SimDevice[]> {
  const existing = new Map((await listAll(api, 'SIM-')).filter((d) => SIM_SERIAL.test(d.serial)).map((d) => [d.serial, d]))
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !existing.has(simSerial(n)))
  if (missing.length) log(`registering ${missing.length} device(s), ${count - missing.length} already there`)
  const limit = pLimit(concurrency)
  let refusal: string | undefined
  let refused = 0
  await Promise.all(
    missing.map((n) =>
      limit(async () => {
        if (refusal !== undefined) return void refused++
        const input = inputFor(n)
        try {
          existing.set(input.serial, await createDevice(api, input))
        } catch (error) {
          if (!(error instanceof CallError && error.status === 409)) throw error
          // Registered meanwhile (another run): take that one. Otherwise the server will not have it.
          const found = (await devicePage(api, 1, input.serial)).data.find((d) => d.serial === input.serial)
          if (found) return void existing.set(input.serial, found)
          refusal ??= error.message
          refused++
        }
      }),
    ),
  )
  if (refused) log(`could not add ${refused} of ${count} device(s): ${refusal}`)
  const fleet = Array.from({ length: count }, (_, i) => i + 1).flatMap((n) => {
    const device = existing.get(simSerial(n))
    return device ? [simDevice(device, n)] : []
  })
  if (adopt) {
    const others = (await listAll(api, '')).filter((d) => !SIM_SERIAL.test(d.serial))
    fleet.push(...others.map((device, i) => simDevice(device, count + i + 1)))
  }
  return fleet
}
