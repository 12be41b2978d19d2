import pLimit from 'p-limit'
import { Agent } from './agent'
import { CallError, heartbeat, type Api } from './api'
import type { SimDevice } from './fleet'
import { message } from '../../server/messages'

/** A failing device waits at most this long before trying again: under the server's 60 s to offline. */
const MAX_BACKOFF_S = 30

export interface RunStats {
  sent: number
  failed: number
  /** The last failure's status and message. */
  lastError?: string
}

export interface Fleet {
  stats: RunStats
  agents: Agent[]
  /** Stops scheduling and waits (at most `ms`) for the heartbeats in flight. */
  stop(ms?: number): Promise<void>
}

/**
 * Runs an agent per device: each sends its heartbeat every `every` s (start times spread, each
 * interval jittered), at most `concurrency` requests in flight across the fleet, with the device's
 * own credential (else `api`'s key). A failing device backs off exponentially; a 404 retires it; a
 * disabled device keeps beating at its pace (as a real one would, so it comes back once enabled);
 * a refused credential (401) retires its device, a refused run's key (401/403) calls `fatal`.
 */
export function runFleet(api: Api, devices: SimDevice[], options: { every: number; concurrency: number; fatal(message: string): void; log(line: string): void }): Fleet {
  const limit = pLimit(options.concurrency)
  const stats: RunStats = { sent: 0, failed: 0 }
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const inFlight = new Set<Promise<void>>()
  let stopped = false
  const disabled = new Set<string>()
  const jitter = (seconds: number) => seconds * 1000 * (0.85 + Math.random() * 0.3)

  const schedule = (agent: Agent, ms: number, failures: number) => {
    if (stopped) return
    const timer = setTimeout(() => {
      timers.delete(timer)
      const work = limit(() => tick(agent, failures))
      inFlight.add(work)
      void work.finally(() => inFlight.delete(work))
    }, ms)
    timers.add(timer)
  }

  async function tick(agent: Agent, failures: number): Promise<void> {
    if (stopped) return
    const body = agent.beat()
    if (!body) return schedule(agent, jitter(options.every), 0)
    try {
      await heartbeat(agent.device.api ?? api, agent.device.id, body)
      stats.sent++
      if (disabled.delete(agent.device.id)) options.log(`${agent.device.serial} is enabled again`)
      schedule(agent, jitter(options.every), 0)
    } catch (error) {
      if (stopped) return
      stats.failed++
      const status = error instanceof CallError ? error.status : 0
      stats.lastError = `${status || 'no answer'}: ${error instanceof Error ? error.message : String(error)}`
      if (status === 403 && error instanceof CallError && error.message === message('deviceDisabled')) {
        if (!disabled.has(agent.device.id)) options.log(`${agent.device.serial} is disabled on the server; its agent keeps trying`)
        disabled.add(agent.device.id)
        return schedule(agent, jitter(options.every), 0)
      }
      if (agent.device.api && status === 401) return options.log(`${agent.device.serial}'s credential is refused (${stats.lastError}); its agent stops`)
      if (status === 401 || status === 403) return options.fatal(`The server refused the access key (${stats.lastError}).`)
      if (status === 404) return options.log(`${agent.device.serial} is gone from the server; its agent stops`)
      const retryAfter = error instanceof CallError ? error.retryAfter : undefined
      const backoff = retryAfter ?? Math.min(MAX_BACKOFF_S, options.every * 2 ** (failures + 1))
      schedule(agent, jitter(backoff), failures + 1)
    }
  }

  const agents = devices.map((device) => new Agent(device))
  for (const agent of agents) schedule(agent, Math.random() * options.every * 1000, 0)

  return {
    stats,
    agents,
    async stop(ms = 5000) {
      stopped = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, ms).unref())])
    },
  }
}
