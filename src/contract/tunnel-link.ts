// The addresses and close codes of the agent's WebSockets, apart from the tunnels' validation so the
// agent's bundle carries none (`tunnels.ts` says them again for everyone else).

/** The WebSocket a device's agent keeps open to the console, authenticated with its credential. */
export const AGENT_LINK_PATH = '/api/agent/link'
/** The WebSocket the agent in client mode opens per TCP connection, with the operator's access key. */
export const tunnelConnectPath = (tunnelId: string) => `/api/tunnels/${encodeURIComponent(tunnelId)}/connect`

/**
 * Why the console closed an agent's link (WebSocket close codes): the agent stops on a refused
 * credential, waits long on a disabled device, and reconnects at once otherwise.
 */
export const LINK_CLOSE = {
  /** The credential is unknown, revoked or expired: enroll again. */
  refused: 4401,
  /** The device is disabled, or waits for approval. */
  disabled: 4403,
  /** A newer link of the same device took its place. */
  replaced: 4409,
  /** The console is stopping: come back soon. */
  stopping: 1001,
} as const
