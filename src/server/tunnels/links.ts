import type { WebSocket } from 'ws'
import { Mux, type MuxStream } from '../../contract/tunnel-wire'
import { LINK_CLOSE, TUNNEL_STREAMS_MAX, type LinkConfig, type Protocol, type StreamOpen } from '../../contract/tunnels'
import { deleteLink, deleteLinksOf, deleteStaleLinks, linkHolder, linkTunnels, stampLinks, upsertLink } from '../db/device-links'
import type { Db } from '../db/open'
import type { EventsHub, HubEvent } from '../events'
import type { Logger } from '../log'
import { Problem, refuse } from '../problem'
import { message } from '../messages'
import { linkVerdict, type LinkedDevice } from './admission'

/** A link is pinged this often; two pings without a pong and it is cut. */
export const PING_EVERY_MS = 20_000
/** A link's credential and device are looked at again this often, besides when told. */
export const RECHECK_EVERY_MS = 60_000
/** A process stamps the rows of the links it holds this often... */
export const STAMP_EVERY_MS = 30_000
/** ...and a row not stamped for this long is a dead process's: it goes, and its device's tunnels read down. */
export const LINK_STALE_MS = 3 * STAMP_EVERY_MS
/** How long a closing link waits for the agent's close before its socket is cut. */
const CLOSE_WAIT_MS = 2000

/** The hub handle whose disconnect makes every process look at the device's link again (revoked, disabled, gone, re-attached). */
export const deviceHandle = (deviceId: string) => `device:${deviceId}`

/** The links of this process's agents: one WebSocket per device, tunnels as streams over it. */
export interface Links {
  /** Takes an agent's accepted WebSocket: replaces the device's older link, tells the agent its tunnels, keeps them current. */
  attach(device: LinkedDevice, ws: WebSocket): void
  /** Opens a stream to the tunnel's target through its device's link here; rejects with the agent's reason, or 503 when the device is not linked here. */
  openStream(tunnel: { id: string; device_id: string }): Promise<MuxStream>
  /** Whether this process holds the device's link. */
  holds(deviceId: string): boolean
  /**
   * Stamps this process's link rows (writing again any a sweep took) and deletes the rows of
   * processes that died without stopping, so their devices' tunnels read down; runs every
   * STAMP_EVERY_MS on its own.
   */
  tend(): Promise<void>
  /** Closes every link (the console is stopping) and deletes their rows. */
  close(): Promise<void>
}

export interface LinksDeps {
  db: Db
  hub: EventsHub
  now: () => Date
  log: Logger
  /** This server process, as `device_links` names it. */
  processId: string
}

interface Link {
  device: LinkedDevice
  ws: WebSocket
  mux: Mux
  /** Every tunnel of the device, with its version. */
  tunnels: Map<string, number>
  /** The tunnels the agent may reach, as last sent. */
  config: string
  streams: Map<MuxStream, string>
  closed: boolean
  /** A newer link of the device took its place here: its row and status stay. */
  replaced: boolean
  missed: number
  queued: Set<'refresh' | 'recheck'>
  work: Promise<void>
  stops: (() => void)[]
  gone: Promise<void>
}

/** The links of this process's agents, and the streams opened through them. */
export function createLinks({ db, hub, now, log, processId }: LinksDeps): Links {
  const links = new Map<string, Link>()
  /** Per device, the writes of its row one after the other, so a replaced link never deletes its successor's. */
  const rows = new Map<string, Promise<void>>()
  let stopping = false

  const row = (deviceId: string, write: () => Promise<void>) => {
    const next = (rows.get(deviceId) ?? Promise.resolve())
      .then(write)
      .catch((error: unknown) => log.error('Writing a device link failed:', error))
      .finally(() => {
        if (rows.get(deviceId) === next) rows.delete(deviceId)
      })
    rows.set(deviceId, next)
    return next
  }

  const published = (link: Link) =>
    Promise.all([...link.tunnels].map(([id, version]) => hub.publish(link.device.organizationId, 'change', { collection: 'tunnels', id, action: 'update', version })))

  const end = (link: Link, code: number, reason: string) => {
    if (link.closed) return
    link.closed = true
    for (const stop of link.stops) stop()
    link.mux.close(reason)
    if (link.ws.readyState === link.ws.OPEN || link.ws.readyState === link.ws.CONNECTING) {
      link.ws.close(code, reason)
      setTimeout(() => link.ws.terminate(), CLOSE_WAIT_MS).unref()
    }
    const { deviceId } = link.device
    if (links.get(deviceId) === link) links.delete(deviceId)
    if (link.replaced) return
    void row(deviceId, async () => {
      if (links.has(deviceId)) return
      if (await deleteLink(db, deviceId, processId)) await published(link)
    })
  }

  /** Reads the device's tunnels: sends the agent what it may reach when that changed, cuts streams of tunnels no longer on. */
  const refresh = async (link: Link) => {
    const { organizationId, deviceId } = link.device
    const found = await linkTunnels(db, organizationId, deviceId)
    if (link.closed) return
    link.tunnels = new Map(found.map((tunnel) => [tunnel.id, Number(tunnel.version)]))
    const on = found.filter((tunnel) => Number(tunnel.enabled) === 1)
    const config: LinkConfig = { type: 'tunnels', tunnels: on.map((tunnel) => ({ id: tunnel.id, protocol: tunnel.protocol as Protocol, host: tunnel.target_host, port: tunnel.local_port })) }
    const text = JSON.stringify(config)
    if (text !== link.config) {
      link.config = text
      link.mux.control(config)
    }
    const reachable = new Set(on.map((tunnel) => tunnel.id))
    for (const [stream, tunnelId] of link.streams) {
      if (stream.closed) link.streams.delete(stream)
      else if (!reachable.has(tunnelId)) {
        // Our own reset tells the device's side alone: whoever carries the stream here hears it too.
        const carrier = stream.onreset
        stream.reset('tunnel disabled')
        carrier?.('tunnel disabled')
      }
    }
  }

  /** Closes the link when its credential ended, its device is disabled, pending or gone, or a newer link took its place. */
  const recheck = async (link: Link) => {
    const verdict = await linkVerdict({ db, now, processId }, link.device)
    // A row another process took over is not this one's to delete: `end` deletes only its own.
    if (verdict) end(link, verdict.code, verdict.reason)
  }

  const queue = (link: Link, kind: 'refresh' | 'recheck') => {
    if (link.closed || link.queued.has(kind)) return
    link.queued.add(kind)
    link.work = link.work
      .then(() => {
        link.queued.delete(kind)
        if (!link.closed) return kind === 'refresh' ? refresh(link) : recheck(link)
      })
      .catch((error: unknown) => log.error('Keeping a device link failed:', error))
  }

  const heard = (link: Link, event: HubEvent) => {
    if (event.type !== 'change') return
    const change = event.data
    // A tunnel made or deleted may be this device's; a bulk change (`*`) may touch any of them.
    if (change.collection === 'tunnels' && (change.action !== 'update' || change.id === '*' || link.tunnels.has(change.id))) queue(link, 'refresh')
    else if (change.collection === 'devices' && change.id === link.device.deviceId) queue(link, 'recheck')
  }

  /** A disconnect of the device's handle (each is heard once) makes the link look again, and listen again. */
  const watch = (link: Link) => {
    const stop = hub.onDisconnect(deviceHandle(link.device.deviceId), () => {
      if (link.closed) return
      // Once the hub is done with this handle's listeners: one added while it calls them would be called too.
      queueMicrotask(() => !link.closed && watch(link))
      queue(link, 'recheck')
    })
    link.stops.push(stop)
  }

  /** Tells consoles that the device's tunnels changed state. */
  const announce = async (organizationId: string, deviceId: string) => {
    for (const tunnel of await linkTunnels(db, organizationId, deviceId)) await hub.publish(organizationId, 'change', { collection: 'tunnels', id: tunnel.id, action: 'update', version: Number(tunnel.version) })
  }

  const tend = async () => {
    const at = now()
    const held = [...links.values()].filter((link) => !link.closed)
    if (held.length && (await stampLinks(db, processId, at.toISOString())) < held.length) {
      // A sweep (a clock that jumped, a pause past LINK_STALE_MS) took some: they are written again.
      for (const link of held) {
        void row(link.device.deviceId, async () => {
          if (link.closed || (await linkHolder(db, link.device.deviceId)) !== undefined) return
          await upsertLink(db, { deviceId: link.device.deviceId, organizationId: link.device.organizationId, processId, at: at.toISOString() })
          await published(link)
        })
      }
    }
    const gone = await deleteStaleLinks(db, new Date(at.getTime() - LINK_STALE_MS).toISOString())
    for (const { device_id, organization_id } of gone) if (!links.has(device_id)) await announce(organization_id, device_id)
  }
  const tending = setInterval(() => void tend().catch((error: unknown) => log.error('Tending the device links failed:', error)), STAMP_EVERY_MS)
  tending.unref()

  return {
    tend,

    attach(device, ws) {
      if (stopping) return void ws.close(LINK_CLOSE.stopping, 'stopping')
      const older = links.get(device.deviceId)
      if (older) {
        older.replaced = true
        end(older, LINK_CLOSE.replaced, 'replaced')
      }
      const link: Link = {
        device,
        ws,
        mux: new Mux({
          send: (frame) => ws.send(frame),
          initiator: true,
          // The agent opens nothing: the console alone opens streams.
          onopen: (stream) => stream.reset('refused'),
          onclose: (reason) => end(link, 1002, reason),
        }),
        tunnels: new Map(),
        config: '',
        streams: new Map(),
        closed: false,
        replaced: false,
        missed: 0,
        queued: new Set(),
        work: Promise.resolve(),
        stops: [],
        gone: ws.readyState === ws.CLOSED ? Promise.resolve() : new Promise((resolve) => ws.once('close', () => resolve())),
      }
      links.set(device.deviceId, link)
      ws.on('message', (data, binary) => {
        if (!binary || !Buffer.isBuffer(data)) return end(link, 1003, 'binary frames only')
        link.mux.receive(data)
      })
      ws.on('close', () => end(link, 1000, 'closed'))
      ws.on('error', () => end(link, 1011, 'error'))
      ws.on('pong', () => (link.missed = 0))
      const ping = setInterval(() => {
        if (link.missed >= 2) return void (link.ws.terminate(), end(link, 1001, 'no pong'))
        link.missed++
        link.ws.ping()
      }, PING_EVERY_MS).unref()
      const again = setInterval(() => queue(link, 'recheck'), RECHECK_EVERY_MS).unref()
      link.stops.push(() => clearInterval(ping), () => clearInterval(again))
      link.stops.push(hub.subscribe(device.organizationId, (event) => heard(link, event)))
      watch(link)
      if (ws.readyState !== ws.OPEN) return end(link, 1000, 'closed')
      void row(device.deviceId, async () => {
        if (link.closed) return
        await upsertLink(db, { deviceId: device.deviceId, organizationId: device.organizationId, processId, at: now().toISOString() })
        // A link of the device held by another process hears of this one and gives way.
        hub.disconnect(deviceHandle(device.deviceId))
        await refresh(link)
        await published(link)
      })
    },

    openStream(tunnel) {
      const link = links.get(tunnel.device_id)
      if (!link || link.closed) return Promise.reject(refuse('unavailable', 'linkDown'))
      let open = 0
      for (const [stream, tunnelId] of link.streams) {
        if (stream.closed) link.streams.delete(stream)
        else if (tunnelId === tunnel.id) open++
      }
      if (open >= TUNNEL_STREAMS_MAX) {
        return Promise.reject(new Problem('tooMany', message('tunnelBusy', { limit: TUNNEL_STREAMS_MAX }), undefined, { retryAfterS: 1 }))
      }
      let stream: MuxStream
      try {
        stream = link.mux.open({ tunnel: tunnel.id } satisfies StreamOpen)
      } catch {
        return Promise.reject(refuse('unavailable', 'linkDown'))
      }
      link.streams.set(stream, tunnel.id)
      return new Promise((resolve, reject) => {
        stream.onaccept = () => resolve(stream)
        stream.onreset = (reason) => {
          link.streams.delete(stream)
          reject(new Error(reason))
        }
      })
    },

    holds: (deviceId) => links.get(deviceId)?.closed === false,

    async close() {
      stopping = true
      clearInterval(tending)
      const all = [...links.values()]
      for (const link of all) end(link, LINK_CLOSE.stopping, 'stopping')
      await Promise.all(all.map((link) => link.gone))
      await Promise.all([...rows.values()])
      await deleteLinksOf(db, processId).catch((error: unknown) => log.error('Deleting the device links failed:', error))
    },
  }
}
