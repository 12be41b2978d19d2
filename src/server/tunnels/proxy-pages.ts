import { STATUS_CODES } from 'node:http'
import { TUNNEL_STREAMS_MAX } from '../../contract/tunnels'
import { message, type ServerKey } from '../messages'

/** Why a request through a tunnel got a page of the console rather than the device's answer. */
export type PageReason = 'noPass' | 'ticketSpent' | 'notHttp' | 'disabled' | 'down' | 'refused' | 'timeout' | 'failed' | 'noWorker' | 'busy'

const TEXTS: Record<PageReason, ServerKey> = {
  noPass: 'tunnelNoPass',
  ticketSpent: 'tunnelTicketSpent',
  notHttp: 'tunnelNotHttp',
  disabled: 'linkTunnelDisabled',
  down: 'linkDown',
  refused: 'tunnelRefused',
  timeout: 'tunnelTimeout',
  failed: 'internal',
  noWorker: 'tunnelNoWorker',
  busy: 'tunnelBusy',
}

/** A page answered in place of the device's: its status, head and a small HTML body. */
export interface PageAnswer {
  status: number
  title: string
  headers: Record<string, string>
  body: string
  /** What the inspector logs as the request's error. */
  reason: string
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The page of a request that did not reach the device: what happened in a sentence, and for a
 * refused pass, a link to the tunnel in the console (at `consoleOrigin`, when the page is served on
 * the tunnel's own host) to open it again. No external assets.
 */
export function tunnelPage(status: number, reason: PageReason, tunnelId: string, detail = '', consoleOrigin = ''): PageAnswer {
  const title = STATUS_CODES[status] ?? 'Error'
  const text = message(TEXTS[reason], { reason: detail || message('tunnelNoReason'), limit: TUNNEL_STREAMS_MAX })
  const link = status === 401 ? `<p><a href="${escape(consoleOrigin)}/app/tunnels/details?id=${encodeURIComponent(tunnelId)}">${escape(message('tunnelOpenAgain'))}</a></p>` : ''
  const body =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} ${escape(title)}</title>` +
    `<style>body{font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem}</style></head>` +
    `<body><h1>${escape(title)}</h1><p>${escape(text)}</p>${link}</body></html>`
  return {
    status,
    title,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
    },
    body,
    reason: text,
  }
}
