// A device's agent as the tests play it: a real WebSocket to /api/agent/link speaking the tunnel wire,
// reaching the targets its last LinkConfig names, as the real agent does.
import net from 'node:net'
import WebSocket from 'ws'
import { streamDuplex } from '../../../src/contract/tunnel-duplex'
import { Mux, type MuxStream } from '../../../src/contract/tunnel-wire'
import { AGENT_LINK_PATH, type LinkConfig, type StreamOpen } from '../../../src/contract/tunnels'
import { until } from '../../fixtures'

export interface TestAgent {
  ws: WebSocket
  mux: Mux
  /** Every LinkConfig received, oldest first. */
  configs: LinkConfig[]
  /** The close code and reason, once the link closed. */
  closed?: { code: number; reason: string }
  /** Waits until the link closes; answers its code. */
  closing(timeoutMs?: number): Promise<number>
  /** Waits for a LinkConfig after the `seen` first ones. */
  config(seen?: number): Promise<LinkConfig>
  close(): void
}

/** A refusal before the upgrade: its status and JSON body. */
export interface Refused {
  status: number
  body: { message?: string }
}

const wsUrl = (url: string, path: string) => url.replace(/^http/, 'ws') + path

/** Reads a refused upgrade's status and body. */
function refusal(res: import('node:http').IncomingMessage): Promise<Refused> {
  return new Promise((resolve) => {
    let text = ''
    res.on('data', (chunk: Buffer) => (text += chunk.toString()))
    res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }))
  })
}

/**
 * Opens `path` with `token` as the Bearer: the open WebSocket, or the plain answer that refused it.
 * `onmessage` hears from the start: a message may come in the same read as the upgrade's answer.
 */
export function openSocket(url: string, path: string, token?: string, onmessage?: (data: Buffer) => void): Promise<WebSocket | Refused> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(url, path), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
    if (onmessage) ws.on('message', onmessage)
    ws.once('open', () => resolve(ws))
    ws.once('unexpected-response', (_req, res) => void refusal(res).then(resolve))
    ws.once('error', reject)
  })
}

/** Pipes a stream the console opened to the target its tunnel names in the last LinkConfig; resets it otherwise. */
function reach(agent: TestAgent, stream: MuxStream) {
  const tunnel = agent.configs.at(-1)?.tunnels.find((each) => each.id === (stream.header as StreamOpen | undefined)?.tunnel)
  if (!tunnel) return stream.reset('unknown tunnel')
  const socket = net.connect(tunnel.port, tunnel.host)
  socket.once('connect', () => {
    agent.mux.accept(stream)
    const duplex = streamDuplex(stream)
    socket.pipe(duplex).pipe(socket)
    duplex.on('error', () => socket.destroy())
    socket.on('error', () => duplex.destroy())
  })
  socket.once('error', () => stream.reset(`connection refused by ${tunnel.host}:${tunnel.port}`))
}

/** Links an agent with the device credential `token`: the agent, or the refusal. */
export async function linkAgent(url: string, token?: string): Promise<TestAgent | Refused> {
  let agent: TestAgent | undefined
  const held: Buffer[] = []
  const ws = await openSocket(url, AGENT_LINK_PATH, token, (data) => (agent ? agent.mux.receive(data) : held.push(data)))
  if (!(ws instanceof WebSocket)) return ws
  const configs: LinkConfig[] = []
  agent = {
    ws,
    configs,
    mux: new Mux({
      send: (frame) => ws.readyState === ws.OPEN && ws.send(frame),
      initiator: false,
      onopen: (stream) => reach(agent!, stream),
      oncontrol: (message) => void configs.push(message as LinkConfig),
    }),
    closing: (timeoutMs = 5000) => until(() => agent!.closed?.code, { timeoutMs, what: 'the link to close' }),
    config: (seen = 0) => until(() => configs[seen], { what: `LinkConfig #${seen + 1}` }),
    close: () => ws.close(),
  }
  const made = agent
  for (const data of held.splice(0)) made.mux.receive(data)
  ws.on('close', (code, reason) => {
    made.closed = { code, reason: reason.toString() }
    made.mux.close('closed')
  })
  return made
}

/** The agent, failing when the link was refused. */
export async function linked(url: string, token: string): Promise<TestAgent> {
  const agent = await linkAgent(url, token)
  if (!('ws' in agent)) throw new Error(`the link was refused: ${agent.status} ${JSON.stringify(agent.body)}`)
  return agent
}

/** A TCP server on 127.0.0.1 that sends back what it receives, upper-cased: its port and a stop. */
export async function echoServer(): Promise<{ port: number; stop(): Promise<void> }> {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('data', (chunk) => socket.write(chunk.toString().toUpperCase()))
    socket.on('end', () => socket.end())
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
