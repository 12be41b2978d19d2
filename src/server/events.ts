import type { AuditEvent } from '../contract/audit'
import type { BulkEvent } from '../contract/bulk'
import type { ChangeEvent, DeviceEvent, RightsEvent } from '../contract/collections'
import type { TunnelEvent } from '../contract/tunnels'
import { appendEvent, changesOf, eventsAfter, noticeDisconnect, type Notice } from './db/event-log'
import { listen } from './db/notify'
import type { Db } from './db/open'
import type { Logger } from './log'

export type HubEvent =
  | { id: number; type: 'change'; data: ChangeEvent }
  | { id: number; type: 'device'; data: DeviceEvent }
  | { id: number; type: 'rights'; data: RightsEvent }
  | { id: number; type: 'audit'; data: AuditEvent }
  | { id: number; type: 'bulk'; data: BulkEvent }
  | { id: number; type: 'tunnel'; data: TunnelEvent }

type Listener = (event: HubEvent) => void

/**
 * Fans events out to the open streams of one organization: in the process on SQLite
 * (`createEventsHub`), through the database to every process on PostgreSQL
 * (`createSharedEventsHub`).
 */
export interface EventsHub {
  /**
   * Sends an event to the organization's streams; resolves once it is kept (a stream opened after
   * with an older Last-Event-ID replays it). It never fails: a failure is logged.
   */
  publish<T extends HubEvent['type']>(organizationId: string, type: T, data: Extract<HubEvent, { type: T }>['data']): Promise<void>
  subscribe(organizationId: string, listener: Listener): () => void
  /** The events after `lastId` still held, oldest first; undefined when some are gone and the client must reload. */
  since(organizationId: string, lastId: number): Promise<HubEvent[] | undefined>
  /**
   * Ends the streams of `handle` (a sign-out, a revoked key), in every process sharing the
   * database; `everywhere` false ends this process's alone (it is stopping).
   */
  disconnect(handle: string, everywhere?: boolean): void
  onDisconnect(token: string, end: () => void): () => void
  /**
   * How many record changes the organization has seen: a cached answer of an older count is stale.
   * Shared by every process on PostgreSQL (a change made by another process moves it too).
   */
  generation(organizationId: string): Promise<number>
  /** Ends every stream of this process, e.g. when the server stops. */
  disconnectAll(): void
  /** Stops hearing other processes. */
  close(): Promise<void>
}

/** Events kept per organization for a reconnect to catch up on. */
export const KEPT_EVENTS = 1000

/** The hub of one process (SQLite): events, their ids and the kept ones live in memory. */
export function createEventsHub(): EventsHub {
  // Ids grow across restarts too, so a Last-Event-ID from before one is never mistaken for a new one.
  const startId = Date.now() * 1000
  /** Per organization, the id its next event gets: one tenant's ids never count another's writes. */
  const nextIds = new Map<string, number>()
  const nextId = (organizationId: string) => nextIds.get(organizationId) ?? startId
  /** Per organization, the id of the newest event no longer kept. */
  const dropped = new Map<string, number>()
  const kept = new Map<string, HubEvent[]>()
  const generations = new Map<string, number>()
  const local = createLocal()

  return {
    publish(organizationId, type, data) {
      const id = nextId(organizationId)
      nextIds.set(organizationId, id + 1)
      const event = { id, type, data } as HubEvent
      if (type === 'change') generations.set(organizationId, (generations.get(organizationId) ?? 0) + 1)
      const list = kept.get(organizationId) ?? []
      list.push(event)
      if (list.length > KEPT_EVENTS) dropped.set(organizationId, list.splice(0, list.length - KEPT_EVENTS).at(-1)!.id)
      kept.set(organizationId, list)
      local.emit(organizationId, event)
      return Promise.resolve()
    },
    subscribe: (organizationId, listener) => local.subscribe(organizationId, listener),
    async since(organizationId, lastId) {
      // An id from before this process started, from the future or from what was dropped: events are missing.
      if (lastId < startId - 1 || lastId >= nextId(organizationId) || lastId < (dropped.get(organizationId) ?? -1)) return undefined
      return (kept.get(organizationId) ?? []).filter((event) => event.id > lastId)
    },
    disconnect: (handle) => local.disconnect(handle),
    onDisconnect: (handle, end) => local.onDisconnect(handle, end),
    generation: async (organizationId) => generations.get(organizationId) ?? 0,
    disconnectAll: () => local.disconnectAll(),
    close: async () => undefined,
  }
}

/** How long the shared log keeps events for a reconnecting stream (the sweeper deletes older ones). */
export const SHARED_EVENTS_KEPT_MS = 15 * 60_000

/**
 * The hub of several processes on one PostgreSQL database: each event gets its organization's next
 * id and is kept in the database, which tells every process (LISTEN/NOTIFY); each fans it out to
 * its own streams. A `Last-Event-ID` resumes on any process, and a sign-out or a revoked key taken
 * by one ends the streams held by all. A write's answer waits until its events are kept (the
 * engine awaits `publish`); a heartbeat's device event is written after its answer.
 */
export async function createSharedEventsHub(db: Db, now: () => Date, log: Logger): Promise<EventsHub> {
  const local = createLocal()
  /** Per organization with streams here, the id of the last event they were given. */
  const delivered = new Map<string, number>()
  /** Per organization, events read from the log one after the other, so they keep their order. */
  const reading = new Map<string, Promise<void>>()
  /** Per organization, this process's events written one after the other, so their ids keep the order they were published in. */
  const writing = new Map<string, Promise<void>>()

  const deliver = (organizationId: string, event: HubEvent) => {
    const last = delivered.get(organizationId)
    if (last !== undefined && event.id <= last) return
    delivered.set(organizationId, event.id)
    local.emit(organizationId, event)
  }
  const toHub = (logged: { id: number; type: string; data: string }) => ({ id: logged.id, type: logged.type, data: JSON.parse(logged.data) }) as HubEvent
  /** Reads what the organization's streams have not been given (a long event told by id, or a lost connection). */
  const catchUp = (organizationId: string) => {
    const previous = reading.get(organizationId) ?? Promise.resolve()
    const next = previous
      .then(async () => {
        const last = delivered.get(organizationId)
        if (last === undefined || !local.watched(organizationId)) return
        const events = await eventsAfter(db, organizationId, last, 10_000)
        for (const event of events ?? []) deliver(organizationId, toHub(event))
      })
      .catch((error: unknown) => log.error('Reading shared events failed:', error))
      .finally(() => {
        if (reading.get(organizationId) === next) reading.delete(organizationId)
      })
    reading.set(organizationId, next)
  }
  const heard = (payload: string) => {
    let notice: Notice
    try {
      notice = JSON.parse(payload) as Notice
    } catch {
      return
    }
    if ('disconnect' in notice) return local.disconnect(notice.disconnect)
    const { organizationId, event } = notice
    if (!local.watched(organizationId)) return
    if (!('type' in event) || reading.has(organizationId) || (delivered.get(organizationId) ?? event.id - 1) !== event.id - 1) {
      if (!delivered.has(organizationId)) delivered.set(organizationId, event.id - 1)
      return catchUp(organizationId)
    }
    deliver(organizationId, toHub(event))
  }
  const listener = listen(
    db,
    heard,
    () => {
      for (const organizationId of delivered.keys()) catchUp(organizationId)
    },
    (error) => log.error('Listening for shared events failed:', error),
  )
  // Listening before the first request is served: no event published after it is missed.
  await listener.ready

  return {
    publish(organizationId, type, data) {
      const text = JSON.stringify(data)
      const next = (writing.get(organizationId) ?? Promise.resolve())
        .then(() => appendEvent(db, organizationId, type, text, now()))
        .then(
          () => undefined,
          (error: unknown) => log.error('Publishing an event failed:', error),
        )
        .finally(() => {
          if (writing.get(organizationId) === next) writing.delete(organizationId)
        })
      writing.set(organizationId, next)
      return next
    },
    subscribe(organizationId, listener) {
      const stop = local.subscribe(organizationId, listener)
      return () => {
        stop()
        if (!local.watched(organizationId)) delivered.delete(organizationId)
      }
    },
    async since(organizationId, lastId) {
      const events = await eventsAfter(db, organizationId, lastId, KEPT_EVENTS)
      return events?.map(toHub)
    },
    disconnect(handle, everywhere = true) {
      local.disconnect(handle)
      if (everywhere) noticeDisconnect(db, handle).catch((error: unknown) => log.error('Telling a disconnect failed:', error))
    },
    onDisconnect: (handle, end) => local.onDisconnect(handle, end),
    generation: (organizationId) => changesOf(db, organizationId),
    disconnectAll: () => local.disconnectAll(),
    async close() {
      // Events still being written (a heartbeat's, published after its answer) finish first.
      await Promise.all(writing.values())
      await listener.close()
    },
  }
}

/** The streams of this process: who listens to which organization, and who ends on which handle. */
function createLocal() {
  const listeners = new Map<string, Set<Listener>>()
  const enders = new Map<string, Set<() => void>>()
  const disconnect = (handle: string) => {
    // Taken out first: an ender that watches the handle again (a device's link re-checking itself)
    // joins the next disconnect, not this loop.
    const ends = enders.get(handle)
    enders.delete(handle)
    for (const end of ends ?? []) end()
  }
  return {
    emit(organizationId: string, event: HubEvent) {
      for (const listener of listeners.get(organizationId) ?? []) listener(event)
    },
    watched: (organizationId: string) => listeners.has(organizationId),
    subscribe(organizationId: string, listener: Listener) {
      const set = listeners.get(organizationId) ?? new Set()
      set.add(listener)
      listeners.set(organizationId, set)
      return () => {
        set.delete(listener)
        if (!set.size) listeners.delete(organizationId)
      }
    },
    disconnect,
    onDisconnect(handle: string, end: () => void) {
      const set = enders.get(handle) ?? new Set()
      set.add(end)
      enders.set(handle, set)
      return () => set.delete(end)
    },
    disconnectAll() {
      for (const handle of [...enders.keys()]) disconnect(handle)
    },
  }
}
