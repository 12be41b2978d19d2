import type { ChangeEvent, DeviceEvent, RightsEvent } from '../contract/collections'

export type HubEvent =
  | { id: number; type: 'change'; data: ChangeEvent }
  | { id: number; type: 'device'; data: DeviceEvent }
  | { id: number; type: 'rights'; data: RightsEvent }

type Listener = (event: HubEvent) => void

/**
 * Fans events out to the open streams of one organization. This one lives in the process; a hub
 * on PostgreSQL LISTEN/NOTIFY can implement the same interface when several processes share a
 * database.
 */
export interface EventsHub {
  publish<T extends HubEvent['type']>(organizationId: string, type: T, data: Extract<HubEvent, { type: T }>['data']): void
  subscribe(organizationId: string, listener: Listener): () => void
  /** The events after `lastId` still held, oldest first; undefined when some are gone and the client must reload. */
  since(organizationId: string, lastId: number): HubEvent[] | undefined
  /** Ends the streams opened with `token` (a sign-out, a revoked key). */
  disconnect(token: string): void
  onDisconnect(token: string, end: () => void): () => void
  /** How many record changes the organization has seen: a cached answer of an older count is stale. */
  generation(organizationId: string): number
  /** Ends every stream, e.g. when the server stops. */
  disconnectAll(): void
}

/** Events kept per organization for a reconnect to catch up on. */
export const KEPT_EVENTS = 1000

export function createEventsHub(): EventsHub {
  // Ids grow across restarts too, so a Last-Event-ID from before one is never mistaken for a new one.
  const startId = Date.now() * 1000
  /** Per organization, the id its next event gets: one tenant's ids never count another's writes. */
  const nextIds = new Map<string, number>()
  const nextId = (organizationId: string) => nextIds.get(organizationId) ?? startId
  /** Per organization, the id of the newest event no longer kept. */
  const dropped = new Map<string, number>()
  const listeners = new Map<string, Set<Listener>>()
  const kept = new Map<string, HubEvent[]>()
  const enders = new Map<string, Set<() => void>>()
  const generations = new Map<string, number>()

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
      for (const listener of listeners.get(organizationId) ?? []) listener(event)
    },
    subscribe(organizationId, listener) {
      const set = listeners.get(organizationId) ?? new Set()
      set.add(listener)
      listeners.set(organizationId, set)
      return () => {
        set.delete(listener)
        if (!set.size) listeners.delete(organizationId)
      }
    },
    since(organizationId, lastId) {
      // An id from before this process started, from the future or from what was dropped: events are missing.
      if (lastId < startId - 1 || lastId >= nextId(organizationId) || lastId < (dropped.get(organizationId) ?? -1)) return undefined
      return (kept.get(organizationId) ?? []).filter((event) => event.id > lastId)
    },
    disconnect(token) {
      for (const end of enders.get(token) ?? []) end()
      enders.delete(token)
    },
    generation: (organizationId) => generations.get(organizationId) ?? 0,
    disconnectAll() {
      for (const token of [...enders.keys()]) this.disconnect(token)
    },
    onDisconnect(token, end) {
      const set = enders.get(token) ?? new Set()
      set.add(end)
      enders.set(token, set)
      return () => set.delete(end)
    },
  }
}
