import pLimit from 'p-limit'
import type { Device, DeviceInput } from '../../contract/devices'
import { CallError, devicePage, enrollDevice, type Api } from './api'

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
  /** The device's own client, with the credential it got by enrolling; the run's key when absent. */
  api?: Api
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

type Known = Pick<Device, 'id' | 'name' | 'serial'> & Partial<Device>

/** The agent's view of a device: site and kind from its name or location, a stable address otherwise. */
function simDevice(device: Known, n: number, api?: Api): SimDevice {
  const site = SITES.find((s) => device.location === s.name || device.name.includes(`-${s.slug}-`)) ?? SITES[n % SITES.length]!
  const kind = KINDS.find((k) => device.tags?.includes(k.kind) || device.name.includes(k.kind)) ?? KINDS[n % KINDS.length]!
  return {
    id: device.id,
    serial: device.serial,
    ip: device.ip || `10.${site.net}.${Math.floor(n / 250) % 256}.${(n % 250) + 2}`,
    firmware: device.firmware || FIRMWARES[n % FIRMWARES.length]!,
    utcOffset: site.utcOffset,
    outRatio: kind.outRatio,
    ...(api ? { api } : {}),
  }
}

/** Where the fleet joins: `enroller` carries the enrollment key, `admin` (when signed in) lists devices. */
export interface Joining {
  enroller: Api
  admin?: Api
  /** A client sending with a device's own credential. */
  clientFor(secret: string): Api
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
 * Devices SIM-0001 to SIM-N, each enrolled with the run's enrollment key as a real device joins
 * (one there from a run before re-attaches to its record), and with `adopt` every other device of
 * the organization too, by its serial; each beats with the credential it got. A device the server
 * refuses (the plan's limit) is left out: the first refusal stops the registering of new ones, and
 * `log` hears how many were not added and why. `log` hears of progress.
 */
export async function ensureFleet(joining: Joining, count: number, adopt: boolean, concurrency: number, log: (line: string) => void): Promise<SimDevice[]> {
  const { admin, enroller } = joining
  const existing = admin ? new Set((await listAll(admin, 'SIM-')).map((d) => d.serial).filter((serial) => SIM_SERIAL.test(serial))) : undefined
  const numbers = Array.from({ length: count }, (_, i) => i + 1)
  const missing = existing ? numbers.filter((n) => !existing.has(simSerial(n))).length : count
  if (missing) log(existing ? `registering ${missing} device(s), ${count - missing} already there` : `enrolling ${count} device(s)`)
  const limit = pLimit(concurrency)
  const joined = new Map<number, SimDevice>()
  let refusal: string | undefined
  let refused = 0
  const join = async (n: number, input: Pick<DeviceInput, 'serial' | 'name' | 'model'>, known?: Device) => {
    const isNew = !known && !existing?.has(input.serial)
    if (isNew && refusal !== undefined) return void refused++
    try {
      const { device, credential } = await enrollDevice(enroller, { serial: input.serial, name: input.name, ...(input.model ? { model: input.model } : {}) })
      joined.set(n, simDevice({ ...known, id: device.id, name: device.name, serial: input.serial }, n, joining.clientFor(credential.secret)))
    } catch (error) {
      if (!(error instanceof CallError && error.status === 409 && isNew)) throw error
      refusal ??= error.message
      refused++
    }
  }
  await Promise.all(numbers.map((n) => limit(() => join(n, inputFor(n)))))
  if (refused) log(`could not add ${refused} of ${count} device(s): ${refusal}`)
  if (adopt && admin) {
    const others = (await listAll(admin, '')).filter((d) => !SIM_SERIAL.test(d.serial))
    await Promise.all(others.map((device, i) => limit(() => join(count + i + 1, device, device))))
  }
  return [...joined.entries()].sort(([a], [b]) => a - b).map(([, device]) => device)
}
