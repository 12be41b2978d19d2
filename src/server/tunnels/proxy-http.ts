import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { streamDuplex } from '../../contract/tunnel-duplex'
import type { MuxStream } from '../../contract/tunnel-wire'
import { message } from '../messages'
import { PASS_COOKIE } from './passes'

/** An answer's head must arrive within this long, or the request ends 504. */
export const HEAD_TIMEOUT_MS = 30_000

/** Bytes on the wire: from the caller to the device (`in`), and back (`out`). */
export interface Meter {
  in: number
  out: number
}

/** Where a request goes and what the target is told of where it came from. */
export interface Forwarding {
  /** `/t/<id>`: the target's paths live under it at the console. */
  prefix: string
  /** The path and query under the prefix, starting with `/`. */
  path: string
  target: { host: string; port: number }
  clientIp: string
  proto: 'http' | 'https'
  /** Served on the console's own origin (no tunnel domain): the answer is sandboxed. */
  sandbox: boolean
}

/**
 * What a page served on the console's origin may do: run its scripts, forms and pop-ups, in an
 * origin of no one's, so it never reads the console's storage or acts as the signed-in operator.
 */
export const SANDBOX = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads'

/** How a request or an upgrade through a tunnel ended: the status the target answered (0 if none) or why not. */
export interface Forwarded {
  status: number
  error: string
  meter: Meter
}

/** The stream, with every byte either way counted in `meter`. */
function counted(stream: MuxStream, meter: Meter): MuxStream {
  return {
    get id() {
      return stream.id
    },
    get header() {
      return stream.header
    },
    get queued() {
      return stream.queued
    },
    get closed() {
      return stream.closed
    },
    write: (chunk) => {
      meter.in += chunk.length
      return stream.write(chunk)
    },
    end: () => stream.end(),
    reset: (reason) => stream.reset(reason),
    consumed: (n) => stream.consumed(n),
    set ondata(handler: MuxStream['ondata']) {
      stream.ondata = handler && ((chunk) => ((meter.out += chunk.length), handler(chunk)))
    },
    set onend(handler: MuxStream['onend']) {
      stream.onend = handler
    },
    set onreset(handler: MuxStream['onreset']) {
      stream.onreset = handler
    },
    set ondrain(handler: MuxStream['ondrain']) {
      stream.ondrain = handler
    },
    set onfinish(handler: MuxStream['onfinish']) {
      stream.onfinish = handler
    },
  } as MuxStream
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'forwarded'])

/** Header pairs of `raw` (Node's rawHeaders) without hop-by-hop ones, those `Connection` names, and `drop`. */
function endToEnd(raw: string[], drop: (name: string) => boolean): [string, string][] {
  const named = new Set<string>()
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'connection') for (const token of raw[i + 1]!.split(',')) named.add(token.trim().toLowerCase())
  }
  const pairs: [string, string][] = []
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase()
    if (HOP_BY_HOP.has(name) || name.startsWith('proxy-') || named.has(name) || drop(name)) continue
    pairs.push([raw[i]!, raw[i + 1]!])
  }
  return pairs
}

/** The Cookie header without the console's own pass, or undefined when nothing else is left. */
function withoutPass(cookie: string): string | undefined {
  const kept = cookie.split(';').filter((pair) => pair.trim() && pair.split('=')[0]!.trim() !== PASS_COOKIE)
  return kept.length ? kept.map((pair) => pair.trim()).join('; ') : undefined
}

/** The head sent to the target: the caller's end-to-end headers, `Host` the target, where it came from. */
function requestHead(req: IncomingMessage, forwarding: Forwarding): [string, string][] {
  const { target } = forwarding
  const pairs = endToEnd(req.rawHeaders, (name) => name.startsWith('x-forwarded-'))
    .map(([name, value]): [string, string | undefined] => [name, name.toLowerCase() === 'cookie' ? withoutPass(value) : value])
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
  const host = target.host.includes(':') ? `[${target.host}]` : target.host
  return [
    ['Host', `${host}:${target.port}`],
    ...pairs,
    ['X-Forwarded-For', forwarding.clientIp],
    ['X-Forwarded-Proto', forwarding.proto],
    ['X-Forwarded-Host', req.headers.host ?? ''],
    // Under the console's `/t/<id>` only: on a host of its own the page lives at the root.
    ...(forwarding.prefix ? [['X-Forwarded-Prefix', forwarding.prefix] as [string, string]] : []),
  ]
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** A `Location` at the target, or an absolute path, put back under the tunnel's prefix. */
export function rewriteLocation(location: string, forwarding: Pick<Forwarding, 'prefix' | 'target'>): string {
  if (location.startsWith('/') && !location.startsWith('//')) return forwarding.prefix + location
  let url: URL
  try {
    url = new URL(location)
  } catch {
    return location
  }
  const { host, port } = forwarding.target
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  const samePort = Number(url.port || (url.protocol === 'https:' ? 443 : 80)) === port
  const sameHost = hostname === host || (LOOPBACK.has(url.hostname) && LOOPBACK.has(host.includes(':') ? `[${host}]` : host))
  return (url.protocol === 'http:' || url.protocol === 'https:') && samePort && sameHost ? `${forwarding.prefix}${url.pathname}${url.search}${url.hash}` : location
}

/**
 * A cookie the target sets, kept under the tunnel's prefix and to this host, so the console's
 * origin never sends it to the console or to another tunnel.
 */
export function scopeCookie(value: string, prefix: string): string {
  const [pair, ...attributes] = value.split(';')
  const kept = attributes.map((attribute) => attribute.trim()).filter((attribute) => attribute && !/^(path|domain)\s*(=|$)/i.test(attribute))
  const path = /;\s*path\s*=\s*([^;]*)/i.exec(value)?.[1]?.trim()
  return [pair!.trim(), `Path=${prefix}${path?.startsWith('/') ? path : '/'}`, ...kept].join('; ')
}

/**
 * The answer's head as the caller gets it: no hop-by-hop headers, cookies kept under the tunnel
 * (none named as the console's pass), `Location` put back, no `Service-Worker-Allowed` (a device's
 * worker never reaches past its tunnel), and sandboxed on the console's own origin.
 */
function answerHead(raw: string[], forwarding: Forwarding): string[] {
  const flat: string[] = forwarding.sandbox ? ['Content-Security-Policy', SANDBOX] : []
  for (const [name, value] of endToEnd(raw, (header) => header === 'service-worker-allowed')) {
    const lower = name.toLowerCase()
    if (lower === 'set-cookie') {
      if (value.split('=')[0]!.trim() !== PASS_COOKIE) flat.push(name, scopeCookie(value, forwarding.prefix))
    } else flat.push(name, lower === 'location' ? rewriteLocation(value, forwarding) : value)
  }
  return flat
}

/**
 * Sends the request to the target through `stream` and streams the answer back, both ways with
 * back-pressure. A caller who goes away resets the stream; no head within `HEAD_TIMEOUT_MS` is 504.
 * `fail` answers what went wrong before the head; `done` is told how it ended, once.
 */
export function forwardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  stream: MuxStream,
  forwarding: Forwarding,
  fail: (status: 502 | 504, reason: string) => void,
  done: (forwarded: Forwarded) => void,
): void {
  const meter: Meter = { in: 0, out: 0 }
  const socket = streamDuplex(counted(stream, meter))
  let status = 0
  let error = ''
  let over = false
  const finish = () => {
    if (over) return
    over = true
    clearTimeout(timer)
    done({ status, error, meter })
  }
  const upstream = http.request({ method: req.method, path: forwarding.path, headers: requestHead(req, forwarding).flat(), createConnection: () => socket as never })
  const give = (code: 502 | 504, reason: string) => {
    error ||= reason
    if (!res.headersSent) {
      status = code
      fail(code, reason)
    } else res.destroy()
    upstream.destroy(new Error(reason))
  }
  const timer = setTimeout(() => give(504, message('tunnelTimeout')), HEAD_TIMEOUT_MS)
  upstream.on('response', (answer) => {
    clearTimeout(timer)
    status = answer.statusCode ?? 0
    res.writeHead(status, answerHead(answer.rawHeaders, forwarding))
    answer.pipe(res)
    answer.on('error', () => res.destroy())
    answer.on('aborted', () => res.destroy())
  })
  upstream.on('error', (cause: Error) => {
    if (!over && !res.writableFinished) give(502, cause.message || 'closed')
  })
  req.pipe(upstream)
  res.on('close', () => {
    if (!res.writableFinished) {
      error ||= message('tunnelCallerLeft')
      upstream.destroy(new Error('client gone'))
      socket.destroy(new Error('client gone'))
    }
    finish()
  })
}

/**
 * Pipes an upgrade (a WebSocket) raw through `stream`: the request's head is written to it as
 * sent, and the target answers 101 itself. `done` is told how it ended, once.
 */
export function forwardUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, stream: MuxStream, forwarding: Forwarding, done: (forwarded: Forwarded) => void): void {
  const meter: Meter = { in: 0, out: 0 }
  const tunnel = streamDuplex(counted(stream, meter))
  let status = 0
  let over = false
  const end = (error: string) => {
    if (over) return
    over = true
    socket.destroy()
    tunnel.destroy()
    done({ status, error, meter })
  }
  const upgrade = req.headers.upgrade ?? ''
  const lines = [`${req.method} ${forwarding.path} HTTP/1.1`, ...requestHead(req, forwarding).map(([name, value]) => `${name}: ${value}`), 'Connection: Upgrade', `Upgrade: ${upgrade}`]
  tunnel.write(`${lines.join('\r\n')}\r\n\r\n`)
  if (head.length) tunnel.write(head)
  tunnel.once('data', (first: Buffer) => {
    status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(first.toString('latin1', 0, 16))?.[1] ?? 0)
  })
  socket.pipe(tunnel).on('error', (cause: Error) => end(cause.message))
  tunnel.pipe(socket).on('error', (cause: Error) => end(cause.message))
  socket.on('close', () => end(''))
  tunnel.on('close', () => end(''))
  socket.on('error', (cause: Error) => end(cause.message))
  tunnel.on('error', (cause: Error) => end(cause.message))
}
