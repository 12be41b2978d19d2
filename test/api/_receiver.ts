import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request a test receiver got. */
export interface Received {
  headers: http.IncomingHttpHeaders
  body: string
  path: string
}

/** How the receiver answers: a status, headers and a body. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string }

/** A promise the test settles: a receiver answering `await gate.opened` holds each request open until `open()`. */
export function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

/**
 * A webhook receiver on loopback, started by a test: it keeps what it gets and answers as told,
 * at once or when the answer's promise settles. `mostAtOnce` tells the most requests it held open
 * at one time, in all and by path.
 */
export async function startReceiver(answer: (request: Received) => Answer | Promise<Answer> = () => ({ status: 200, body: 'ok' })) {
  const received: Received[] = []
  const open = new Map<string, number>()
  const most = new Map<string, number>()
  const count = (key: string, by: number) => {
    open.set(key, (open.get(key) ?? 0) + by)
    most.set(key, Math.max(most.get(key) ?? 0, open.get(key)!))
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '/' }
      received.push(request)
      for (const key of ['', request.path]) count(key, 1)
      res.on('close', () => {
        for (const key of ['', request.path]) count(key, -1)
      })
      const reply = await answer(request)
      if (res.destroyed) return
      res.writeHead(reply.status, reply.headers ?? { 'Content-Type': 'text/plain' })
      res.end(reply.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** The most requests held open at once, in all or to `path`. */
    mostAtOnce: (path = '') => most.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * Checks a delivery's signature as a receiver would (the README's code): HMAC-SHA256 of
 * `<id>.<timestamp>.<body>` keyed with the bytes of the secret after `whsec_`, base64, after `v1,`.
 * Node's base64 decoder takes base64url too, the form of secrets issued before.
 */
export function verifySignature(secret: string, request: Received): boolean {
  const id = String(request.headers['webhook-id'])
  const timestamp = String(request.headers['webhook-timestamp'])
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('base64')
  return String(request.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((signature) => signature === `v1,${expected}`)
}
