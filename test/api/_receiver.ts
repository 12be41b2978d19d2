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

/** A webhook receiver on loopback, started by a test: it keeps what it gets and answers as told. */
export async function startReceiver(answer: (request: Received) => Answer = () => ({ status: 200, body: 'ok' })) {
  const received: Received[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '/' }
      received.push(request)
      const reply = answer(request)
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
 */
export function verifySignature(secret: string, request: Received): boolean {
  const id = String(request.headers['webhook-id'])
  const timestamp = String(request.headers['webhook-timestamp'])
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64url')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('base64')
  return String(request.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((signature) => signature === `v1,${expected}`)
}
