// The TCP ends of the tunnel tests: an echo server standing for the device's service, a client
// standing for ssh, and the port the agent in client mode says it listens on.
import net from 'node:net'
import { until } from '../../fixtures'
import type { RunningAgent } from '../_agent'

export interface Echo {
  server: net.Server
  port: number
  /** Connections it accepted so far. */
  accepted(): number
  /** Bytes it read so far, over every connection. */
  read(): number
  close(): void
}

/** A TCP server on loopback that sends back every byte it gets. */
export async function echoServer(): Promise<Echo> {
  let accepted = 0
  let read = 0
  const server = net.createServer((socket) => {
    accepted++
    socket.on('error', () => socket.destroy())
    socket.on('data', (chunk: Buffer) => (read += chunk.length))
    socket.pipe(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as net.AddressInfo).port, accepted: () => accepted, read: () => read, close: () => server.close() }
}

/** A loopback port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Writes `bytes` to 127.0.0.1:`port` and reads until as many came back or the other side closed; what came back. */
export function roundTrip(port: number, bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let length = 0
    const done = () => {
      socket.destroy()
      resolve(Buffer.concat(chunks))
    }
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      length += chunk.length
      if (length >= bytes.length) done()
    })
    socket.on('close', done)
    socket.on('error', reject)
    socket.write(bytes)
  })
}

/** The port the agent in client mode listens on, from its line "Listening on 127.0.0.1:<port> ...". */
export async function listeningPort(agent: RunningAgent): Promise<number> {
  const match = await until(() => /Listening on 127\.0\.0\.1:(\d+) /.exec(agent.output()), { timeoutMs: 15_000, what: `the agent to listen (it said: ${agent.output()})` })
  return Number(match[1])
}
