import type { DeviceEvent } from '../../contract/collections'
import type { Lease } from '../db/lease'
import { setSilentOffline } from '../db/live'
import type { Db } from '../db/open'
import type { EventsHub } from '../events'
import type { Logger } from '../log'

/** A device silent this long goes offline (`OFFLINE_AFTER_S`). */
export const DEFAULT_OFFLINE_AFTER_S = 60
/** Without a change of status, a device's `last seen` reaches open consoles at most this often. */
export const SEEN_EVERY_MS = 15_000

export interface Presence {
  /** How long a silent device stays online, in seconds (`OFFLINE_AFTER_S`). */
  readonly offlineAfterS: number
  /** A heartbeat arrived; `changed` when it moved the device's status. */
  seen(organizationId: string, event: DeviceEvent, changed: boolean): void
  /** Sets silent devices offline and tells their organizations; answers how many. */
  sweep(): Promise<number>
  start(): void
  stop(): Promise<void>
}

export function createPresence(options: { db: Db; hub: EventsHub; now: () => Date; offlineAfterS: number; log: Logger; lease?: Lease }): Presence {
  const { db, hub } = options
  const told = new Map<string, number>()
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<unknown> = Promise.resolve()

  const tell = (organizationId: string, event: DeviceEvent) => {
    told.set(event.id, options.now().getTime())
    hub.publish(organizationId, 'device', event)
  }

  async function sweep(): Promise<number> {
    const cutoff = new Date(options.now().getTime() - options.offlineAfterS * 1000).toISOString()
    const silent = await setSilentOffline(db, cutoff)
    for (const row of silent) tell(row.organization_id, { id: row.id, status: 'offline', last_seen: row.last_seen })
    return silent.length
  }

  return {
    offlineAfterS: options.offlineAfterS,
    seen(organizationId, event, changed) {
      const last = told.get(event.id) ?? 0
      if (changed || options.now().getTime() - last >= SEEN_EVERY_MS) tell(organizationId, event)
    },
    sweep,
    start() {
      const every = Math.max(250, Math.min(5000, (options.offlineAfterS * 1000) / 4))
      timer = setInterval(() => {
        // One process at a time sets silent devices offline (the lease), and tells every process.
        running = running
          .then((): Promise<unknown> => (options.lease ? options.lease.run(sweep) : sweep()))
          .catch((error: unknown) => options.log.error('Offline sweep failed:', error))
      }, every)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
