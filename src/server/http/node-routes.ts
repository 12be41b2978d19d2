import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Logger } from '../log'
import { message } from '../messages'
import { Problem } from '../problem'
import type { RequestContext } from '../services'
import { ApiError, fromProblem } from './errors'

/** Routes answered by Node itself, before the app: WebSocket upgrades and the tunnels' traffic. */
export interface NodeRoutes {
  /** Answers the request and returns true, or returns false to leave it to the next (the app last). */
  request?(req: IncomingMessage, res: ServerResponse): boolean
  /** Takes an upgrade and returns true, or returns false; an upgrade nobody takes is answered 404 and closed. */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): boolean
  /** The server stops: ends what the routes hold open that no drain waits for (upgraded sockets). */
  close?(): void
}

/** The path of a request, without its query; '' when it is not a path. */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? ''
  return url.startsWith('/') ? url.split('?', 1)[0]! : ''
}

/** A Node request as the services read one (its headers, its socket), e.g. for `clientAddress`. */
export const requestContextOf = (req: IncomingMessage): RequestContext => ({
  req: {
    header(name: string) {
      const value = req.headers[name.toLowerCase()]
      return Array.isArray(value) ? value.join(', ') : value
    },
  },
  env: { incoming: req },
})

/** Answers an upgrade plainly, before any WebSocket, with `{message}` as JSON, and closes the socket. */
export function answerUpgrade(socket: Duplex, status: number, text: string, more: Record<string, unknown> = {}): void {
  if (!socket.writable) return void socket.destroy()
  const body = JSON.stringify({ message: text, ...more })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}

/** Answers an upgrade refused by the domain (a `Problem`) or the edge (an `ApiError`) with its status; anything else is logged and answered 500. */
export function refuseUpgrade(socket: Duplex, error: unknown, log: Logger): void {
  const answer = error instanceof Problem ? fromProblem(error) : error instanceof ApiError ? error : undefined
  if (!answer) {
    log.error('An upgrade failed:', error)
    return answerUpgrade(socket, 500, message('internal'))
  }
  answerUpgrade(socket, answer.status, answer.message, answer.more)
}
