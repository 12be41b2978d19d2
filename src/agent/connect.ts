// Client mode, on the operator's machine: a local TCP listener whose every connection travels
// to a TCP tunnel's target through the console, over a WebSocket opened with the operator's
// access key (`node agent.mjs connect <tunnel> --listen 127.0.0.1:2222`).
import net from 'node:net'
import WebSocket from 'ws'
import { tunnelConnectPath } from '../contract/tunnel-link'
import { addressOf } from './targets'

/** Past this many bytes waiting to leave on the WebSocket, the local connection is paused. */
const HIGH_WATER = 1024 * 1024

export interface ConnectOptions {
  tunnel: string
  url: string
  key: string
  listen: { host: string; port: number }
  log: (line: string) => void
  /** Where the one line saying where it listens goes (stdout). */
  say: (line: string) => void
}

/** The tunnel's name as the console knows it, or its id when the key may not read it. */
async function tunnelName(options: ConnectOptions, stop: AbortSignal): Promise<string> {
  const controller = new AbortController()
  const abort = () => controller.abort()
  const timer = setTimeout(abort, 10_000)
  stop.addEventListener('abort', abort)
  try {
    const response = await fetch(`${options.url}/api/tunnels/${encodeURIComponent(options.tunnel)}`, {
      headers: { authorization: `Bearer ${options.key}`, accept: 'application/json' },
      signal: controller.signal,
      redirect: 'error',
    })
    const body = (await response.json().catch(() => undefined)) as { name?: unknown } | undefined
    return response.ok && typeof body?.name === 'string' ? `${body.name} (${options.tunnel})` : options.tunnel
  } catch {
    return options.tunnel
  } finally {
    clearTimeout(timer)
    stop.removeEventListener('abort', abort)
  }
}

/** The `message` of a refusal's JSON body, else its text. */
function messageIn(body: string, status: number): string {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message
    if (typeof message === 'string') return message
  } catch {
    // Not JSON: its text, when short.
  }
  return body.trim().slice(0, 200) || `HTTP ${status}`
}

/** Carries one local connection through the tunnel, both ways, with back-pressure each way. */
function carry(socket: net.Socket, options: ConnectOptions): void {
  socket.pause()
  const ws = new WebSocket(`${options.url.replace(/^http/, 'ws')}${tunnelConnectPath(options.tunnel)}`, {
    headers: { authorization: `Bearer ${options.key}` },
    handshakeTimeout: 30_000,
    followRedirects: false,
  })
  ws.on('unexpected-response', (_request, response) => {
    let body = ''
    response.setEncoding('utf8')
    response.on('data', (chunk: string) => (body = (body + chunk).slice(0, 4096)))
    response.on('end', () => {
      options.log(`the console refused the connection (${response.statusCode}): ${messageIn(body, response.statusCode ?? 0)}`)
      socket.destroy()
      ws.terminate()
    })
  })
  ws.on('open', () => {
    const sent = () => {
      if (ws.bufferedAmount <= HIGH_WATER && socket.isPaused()) socket.resume()
    }
    socket.on('data', (chunk: Buffer) => {
      ws.send(chunk, { binary: true }, sent)
      if (ws.bufferedAmount > HIGH_WATER) socket.pause()
    })
    socket.on('end', () => ws.close(1000, 'the client closed'))
    socket.on('drain', () => ws.resume())
    socket.resume()
  })
  ws.on('message', (data, isBinary) => {
    if (!isBinary || socket.destroyed) return
    if (!socket.write(data as Buffer)) ws.pause()
  })
  ws.on('error', (error) => {
    if (!socket.destroyed) options.log(`the tunnel's connection failed: ${error.message}`)
  })
  ws.on('close', (code, reason) => {
    if (code !== 1000 && code !== 1005 && code !== 1006 && reason.length) options.log(`the tunnel closed the connection: ${reason.toString()}`)
    socket.end()
  })
  socket.on('error', () => ws.terminate())
  socket.on('close', () => {
    if (ws.readyState === WebSocket.OPEN) ws.close(1000, 'the client closed')
    else if (ws.readyState === WebSocket.CONNECTING) ws.terminate()
  })
}

/** Listens until stopped; 1 when the address cannot be listened on. */
export async function connect(options: ConnectOptions, stop: AbortSignal): Promise<0 | 1> {
  if (/^http:\/\/(?!localhost[:/]|localhost$|127\.|\[::1\])/.test(options.url)) options.log('warning: the console is plain http, so the key and the traffic cross the network readable')
  const server = net.createServer((socket) => carry(socket, options))
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      options.log(`cannot listen on ${addressOf(options.listen)}: ${error.message}`)
      resolve(false)
    })
    server.listen(options.listen.port, options.listen.host, () => resolve(true))
  })
  if (!listening) return 1
  const name = await tunnelName(options, stop)
  const { port } = server.address() as net.AddressInfo
  options.say(`Listening on ${addressOf({ host: options.listen.host, port })} for tunnel ${name}`)
  await new Promise<void>((resolve) => (stop.aborted ? resolve() : stop.addEventListener('abort', () => resolve(), { once: true })))
  server.close()
  return 0
}
