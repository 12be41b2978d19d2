import { WebSocketServer, type WebSocket } from 'ws'
import { streamDuplex } from '../../contract/tunnel-duplex'
import { bearer, principalOf, unauthorized } from '../http/auth'
import { ApiError } from '../http/errors'
import { pathOf, refuseUpgrade, requestContextOf, type NodeRoutes } from '../http/node-routes'
import { message } from '../messages'
import { Problem, refuse } from '../problem'
import type { Services } from '../services'
import { tunnelToReach } from './admission'
import { noteTunnelRequest } from './inspector'
import type { Links } from './links'
import type { MuxStream } from '../../contract/tunnel-wire'

/** A WebSocket message from the operator's side: one read of its local connection. */
const MAX_MESSAGE = 64 * 1024
/** Bytes sent to the operator and not yet written out, past which the device's side waits. */
const HIGH_WATER = 256 * 1024
/** How long the device's side may take to finish once the operator's side closed. */
const FINISH_MS = 10_000

const CONNECT_PATH = /^\/api\/tunnels\/([^/]{1,200})\/connect$/

/**
 * `GET /api/tunnels/{id}/connect`: the agent in client mode opens one WebSocket per local TCP
 * connection, with an access key (or a session) holding `tunnels`; its binary messages are the
 * connection's bytes, carried as a stream through the device's link. Refused before the upgrade
 * with a plain answer: 401, 403, 404 for another organization's tunnel, 409 when not TCP or down,
 * 502 when the device's side refused (the agent's reason).
 */
export function connectRoutes({ services, links, processId }: { services: Services; links: Links; processId: string }): NodeRoutes {
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE })
  const { db, log } = services
  return {
    upgrade(req, socket, head) {
      const id = CONNECT_PATH.exec(pathOf(req))?.[1]
      if (id === undefined) return false
      const at = services.now()
      const opening = async () => {
        const token = bearer(req.headers.authorization)
        const principal = token ? await principalOf(services, token) : undefined
        if (!principal) throw await unauthorized(services, token)
        const tunnel = await tunnelToReach({ db, processId }, principal, decodeURIComponent(id))
        if (!links.holds(tunnel.device_id)) throw refuse('conflict', 'linkDown')
        const stream = await links.openStream(tunnel).catch(async (error: unknown) => {
          // A tunnel at its limit: refused, and its log says so.
          if (error instanceof Problem && error.kind === 'tooMany') {
            await noteTunnelRequest(services, { tunnel, kind: 'tcp', at, clientIp: services.clientAddress(requestContextOf(req)), bytesIn: 0, bytesOut: 0, error: error.message }).catch(() => undefined)
          }
          // The device's side refused (an unknown tunnel, a target that refused): the agent's reason, as a bad gateway.
          throw error instanceof Problem ? error : new ApiError(502, error instanceof Error ? error.message : message('linkDown'))
        })
        return { tunnel, stream }
      }
      opening().then(
        ({ tunnel, stream }) => {
          if (!socket.writable) return stream.reset('closed')
          server.handleUpgrade(req, socket, head, (ws) => {
            const note = (counts: { bytesIn: number; bytesOut: number; error: string }) =>
              noteTunnelRequest(services, { tunnel, kind: 'tcp', at, clientIp: services.clientAddress(requestContextOf(req)), ...counts }).catch((error: unknown) =>
                log.error('Logging a tunnel connection failed:', error),
              )
            pipe(ws, stream, note)
          })
        },
        (error: unknown) => refuseUpgrade(socket, error instanceof URIError ? refuse('notFound', 'notFound') : error, log),
      )
      return true
    },
    close() {
      for (const ws of server.clients) ws.terminate()
    },
  }
}

/** Carries the operator's WebSocket to the device's stream and back, each side waiting while the other is full; notes the bytes once both ended. */
function pipe(ws: WebSocket, stream: MuxStream, note: (counts: { bytesIn: number; bytesOut: number; error: string }) => void) {
  const duplex = streamDuplex(stream)
  let bytesIn = 0
  let bytesOut = 0
  let unsent = 0
  let error = ''
  let noted = false
  const done = () => {
    if (noted) return
    noted = true
    note({ bytesIn, bytesOut, error })
  }
  ws.on('message', (data: Buffer, binary) => {
    if (!binary) return
    bytesIn += data.length
    if (!duplex.write(data)) ws.pause()
  })
  duplex.on('drain', () => ws.resume())
  duplex.on('data', (chunk: Buffer) => {
    bytesOut += chunk.length
    unsent += chunk.length
    if (unsent > HIGH_WATER) duplex.pause()
    ws.send(chunk, { binary: true }, () => {
      unsent -= chunk.length
      if (unsent <= HIGH_WATER && duplex.isPaused()) duplex.resume()
    })
  })
  // The device's side ended: so does the operator's, once what was sent has left.
  duplex.on('end', () => ws.close(1000))
  duplex.on('error', (cause: Error) => {
    error = cause.message
    ws.close(1011)
  })
  duplex.on('close', () => {
    if (ws.readyState === ws.OPEN) ws.close(1000)
    if (ws.readyState === ws.CLOSED) done()
  })
  ws.on('close', () => {
    // The operator's side ended: what it sent is written, then the device's side has a while to finish.
    if (!duplex.destroyed) {
      duplex.end()
      setTimeout(() => duplex.destroy(), FINISH_MS).unref()
    }
    if (duplex.destroyed) done()
    else duplex.once('close', done)
  })
  ws.on('error', () => duplex.destroy())
}
