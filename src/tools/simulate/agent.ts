import type { HeartbeatBody } from '../../contract/devices'
import { FIRMWARES, type SimDevice } from './fleet'

/** Mean time between dropouts of one device, and the range of their lengths (log-uniform). */
const MEAN_UP_S = 15 * 60
const DOWN_S = [15, 6 * 60] as const
/** Mean time between error spells of one device, and their lengths. */
const MEAN_HEALTHY_S = 45 * 60
const ERROR_S = [20, 3 * 60] as const
/** Chance per heartbeat of a latency spike, which lasts one to three beats. */
const SPIKE_CHANCE = 0.01

const gauss = () => Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random())
const between = (low: number, high: number) => low + Math.random() * (high - low)
const logBetween = ([low, high]: readonly [number, number]) => Math.exp(between(Math.log(low), Math.log(high)))
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))
const round1 = (value: number) => Math.round(value * 10) / 10
/** Chance that an event with mean interval `mean` s happens within `dt` s. */
const happens = (dt: number, mean: number) => Math.random() < 1 - Math.exp(-dt / mean)

/** A small stable number per serial, so a device keeps its character from run to run. */
function traitOf(serial: string, salt: number): number {
  let hash = 2166136261 ^ salt
  for (const char of serial) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
  return (hash >>> 0) / 2 ** 32
}

/** 0 at 03:00 and 1 at 15:00 at the device's site: how busy its day is. */
export const dayLoad = (at: Date, utcOffset: number) => {
  const hour = (at.getUTCHours() + at.getUTCMinutes() / 60 + utcOffset + 24) % 24
  return 0.5 - 0.5 * Math.cos((2 * Math.PI * (hour - 3)) / 24)
}

export type AgentState = 'up' | 'error' | 'down'

/**
 * One device's behaviour: smoothly drifting metrics, traffic by its site's time of day, rare latency
 * spikes, now and then a dropout (silent, so the server sets it offline; it comes back rebooted)
 * or a spell of reporting `error`.
 */
export class Agent {
  state: AgentState = 'up'
  private until = 0
  private last = Date.now()
  private spikeBeats = 0
  private readonly baseLatency: number
  private readonly cpuBase: number
  private readonly traffic: number
  private wobble = { latency: 0, cpu: 0, traffic: 0 }
  private memory: number

  constructor(readonly device: SimDevice) {
    this.baseLatency = 8 + 70 * traitOf(device.serial, 1) ** 2
    this.cpuBase = 5 + 25 * traitOf(device.serial, 2)
    this.traffic = 2_000 + 60_000 * traitOf(device.serial, 3) ** 2
    this.memory = 30 + 25 * traitOf(device.serial, 4)
  }

  /** The heartbeat due at `now`, or undefined while the device is silent. */
  beat(now = Date.now()): HeartbeatBody | undefined {
    const dt = Math.max(0.5, (now - this.last) / 1000)
    this.last = now
    this.advance(now, dt)
    if (this.state === 'down') return undefined
    const load = dayLoad(new Date(now), this.device.utcOffset)
    const w = this.wobble
    w.latency = drift(w.latency, 0.2, 0.08)
    w.cpu = drift(w.cpu, 0.15, 4)
    w.traffic = drift(w.traffic, 0.1, 0.15)
    if (this.spikeBeats > 0) this.spikeBeats--
    else if (Math.random() < SPIKE_CHANCE) this.spikeBeats = 1 + Math.floor(Math.random() * 3)
    const spike = this.spikeBeats > 0 ? between(4, 15) : 1
    const latency = (this.baseLatency * (1 + 0.3 * load + w.latency) + Math.abs(gauss()) * 0.15 * this.baseLatency) * spike
    const bytesIn = Math.round(this.traffic * (0.1 + 0.9 * load) * Math.max(0.05, 1 + w.traffic) * dt)
    this.memory = clamp(this.memory + dt * 0.002 + gauss() * 0.3, 10, 98)
    const error = this.state === 'error'
    return {
      status: error ? 'error' : 'online',
      ip: this.device.ip,
      firmware: this.device.firmware,
      metrics: {
        latency_ms: round1(clamp(latency, 0.5, 60_000)),
        bytes_in: bytesIn,
        bytes_out: Math.round(bytesIn * this.device.outRatio * between(0.8, 1.2)),
        cpu: round1(error ? between(88, 100) : clamp(this.cpuBase + 40 * load + w.cpu, 1, 100)),
        memory: round1(this.memory),
      },
    }
  }

  /** Moves between up, error and down as time passes. */
  private advance(now: number, dt: number): void {
    if (this.state !== 'up' && now >= this.until) {
      if (this.state === 'down') this.reboot()
      this.state = 'up'
    }
    if (this.state !== 'up') return
    if (happens(dt, MEAN_UP_S)) {
      this.state = 'down'
      this.until = now + logBetween(DOWN_S) * 1000
    } else if (happens(dt, MEAN_HEALTHY_S) || (this.memory > 95 && Math.random() < 0.2)) {
      this.state = 'error'
      this.until = now + logBetween(ERROR_S) * 1000
    }
  }

  /** Back from a dropout: memory freed, and now and then on newer firmware. */
  private reboot(): void {
    this.memory = 30 + 25 * traitOf(this.device.serial, 4)
    const index = FIRMWARES.indexOf(this.device.firmware)
    if (index >= 0 && index < FIRMWARES.length - 1 && Math.random() < 0.1) this.device.firmware = FIRMWARES[index + 1]!
  }
}

/** One step of a mean-reverting walk around 0: smooth, but never settles. */
const drift = (value: number, reversion: number, sigma: number) => value - reversion * value + sigma * gauss()
