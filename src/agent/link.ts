// The agent's link: one outbound WebSocket to the console, authenticated with the device's
// credential, over which the console opens a stream per request or connection through one of the
// device's tunnels. The agent connects each stream to its tunnel's target, and to nothing else.
import net from 'node:net'
import WebSocket from 'ws'
import { streamDuplex } from '../contract/tunnel-duplex'
import { Mux, type MuxStream } from '../contract/tunnel-wire'
import { AGENT_LINK_PATH } from '../contract/tunnel-link'
import { afterLink, type LinkEnd } from './link-retry'
import { pause } from './pace'
import { readState, type AgentState } from './state'
import { addressOf, CONNECT_TIMEOUT_S, refusalOf, targetOf, targetsOf, type Target } from './targets'

/** How long a stopping agent waits for the console's close before it cuts the link. */
const CLOSE_WAIT_MS = 1000
/** The console pings every 20 s: a link silent this long is dead (a network gone without a word) and made again. */
const SILENT_MS = 60_000

export interface LinkOptions {
  /** The state file, read again before each connection: a renewal may have replaced the credential. */
  stateFile: string
  stop: AbortSignal
  log: (line: string) => void
  /** The console refused the credential (revoked or expired): the agent stops. */
  onRefused: () => void
}

/** The link's address: the console's, http(s) turned ws(s). */
export const linkUrl = (consoleUrl: string): string => `${consoleUrl.replace(/^http/, 'ws')}${AGENT_LINK_PATH}`

/** Connects the stream to its tunnel's target, or resets it saying why. */
function openStream(mux: Mux, stream: MuxStream, targets: ReadonlyMap<string, Target>): void {
  const target = targetOf(targets, stream.header)
  if (!target) return stream.reset('unknown tunnel')
  const socket = net.connect({ host: target.host, port: target.port })
  let connected = false
  // The console gave up before the target answered (its caller left).
  stream.onreset = () => socket.destroy()
  const timer = setTimeout(() => socket.destroy(Object.assign(new Error(`no answer from ${addressOf(target)}`), { code: 'ETIMEDOUT' })), CONNECT_TIMEOUT_S * 1000)
  socket.once('connect', () => {
    clearTimeout(timer)
    connected = true
    mux.accept(stream)
    const duplex = streamDuplex(stream)
    socket.pipe(duplex)
    duplex.pipe(socket)
    socket.on('close', (hadError) => {
      if (hadError || !duplex.writableEnded) duplex.destroy()
    })
    duplex.on('error', () => socket.destroy())
    duplex.on('close', () => {
      if (!duplex.readableEnded) socket.destroy()
    })
  })
  socket.on('error', (error: NodeJS.ErrnoException) => {
    if (!connected) stream.reset(refusalOf(error.code, target))
  })
  socket.once('close', () => clearTimeout(timer))
}

/** One link, from its connection to its end. */
function linkOnce(state: AgentState, options: LinkOptions): Promise<LinkEnd> {
  return new Promise((resolve) => {
    const ws = new WebSocket(linkUrl(state.url), {
      headers: { authorization: `Bearer ${state.credential.secret}` },
      handshakeTimeout: 30_000,
      followRedirects: false,
    })
    let targets = new Map<string, Target>()
    let mux: Mux | undefined
    let openedAt = 0
    let refusal: { status: number; message: string } | undefined
    const stop = () => {
      if (ws.readyState !== WebSocket.OPEN) return ws.terminate()
      ws.close(1000, 'the agent is stopping')
      setTimeout(() => ws.terminate(), CLOSE_WAIT_MS).unref()
    }
    options.stop.addEventListener('abort', stop)
    ws.on('unexpected-response', (_request, response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body = (body + chunk).slice(0, 4096)))
      response.on('end', () => {
        let message = ''
        try {
          const parsed = JSON.parse(body) as { message?: unknown }
          if (typeof parsed.message === 'string') message = parsed.message
        } catch {
          message = body.trim().slice(0, 200)
        }
        refusal = { status: response.statusCode ?? 0, message }
        ws.terminate()
      })
      response.on('error', () => ws.terminate())
    })
    let silence: NodeJS.Timeout | undefined
    const heard = () => {
      if (silence) silence.refresh()
      else silence = setTimeout(() => ws.terminate(), SILENT_MS)
    }
    ws.on('ping', heard)
    ws.on('open', () => {
      heard()
      openedAt = Date.now()
      options.log(`link up: the console may reach this device's tunnels`)
      const link: Mux = new Mux({
        send: (frame) => ws.send(frame, { binary: true }),
        initiator: false,
        onopen: (stream) => openStream(link, stream, targets),
        oncontrol: (message) => {
          const next = targetsOf(message)
          if (next) targets = next
        },
        // A breach of the wire ends the link; the next one starts clean.
        onclose: (reason) => ws.readyState === WebSocket.OPEN && ws.close(1002, reason.slice(0, 100)),
      })
      mux = link
    })
    ws.on('message', (data, isBinary) => {
      // One binary message is one frame (a Buffer: ws's default binary type).
      heard()
      if (isBinary && mux) mux.receive(data as Buffer)
    })
    // The close that follows says how it ended; a network failure's own words say why.
    let failure = ''
    ws.on('error', (error) => (failure ||= error.message))
    ws.on('close', (code, reason) => {
      clearTimeout(silence)
      options.stop.removeEventListener('abort', stop)
      mux?.close('the link closed')
      resolve(refusal ?? { code, reason: reason.toString() || failure, upMs: openedAt ? Date.now() - openedAt : 0 })
    })
  })
}

/** Keeps the link up until `stop` aborts or the console refuses the credential; resolves then. */
export async function runLink(start: AgentState, options: LinkOptions): Promise<void> {
  let state = start
  let failures = 0
  while (!options.stop.aborted) {
    try {
      state = readState(options.stateFile) ?? state
    } catch {
      // A state file being replaced or spoiled: the credential last read still stands.
    }
    const end = await linkOnce(state, options)
    if (options.stop.aborted) return
    const next = afterLink(end, failures)
    if (next.refused) {
      options.log(`link refused: ${next.why}; this device's credential was revoked or has expired. To join again, remove ${options.stateFile} and run the enroll command with a new key`)
      return options.onRefused()
    }
    failures = next.failures
    options.log(`link down: ${next.why}; retrying in ${Math.max(1, Math.round(next.waitS))} s`)
    await pause(next.waitS * 1000, options.stop)
  }
}
