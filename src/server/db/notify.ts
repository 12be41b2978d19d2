import pg from 'pg'
import { sql } from 'kysely'
import type { AnyDb, Db } from './open'
import { postgresConfig, postgresUrlOf } from './open'

/** The channel the console's processes tell each other on. */
export const CHANNEL = 'console_events'

/** PostgreSQL drops a notification longer than this (8000 bytes less room to spare). */
export const MAX_PAYLOAD = 7000

/** Sends `payload` to every process listening, when the transaction of `db` commits (at once outside one). */
export async function notify(db: AnyDb, payload: string): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(db)
}

export interface Listener {
  /** Resolves once the first connection listens (or failed to, and retries). */
  ready: Promise<void>
  close(): Promise<void>
}

/**
 * Hears every process's notifications on a connection of its own, reconnecting after a loss (the
 * database restarted): `onLost` runs then, as notifications sent meanwhile were missed.
 */
export function listen(db: Db, onPayload: (payload: string) => void, onLost: () => void, onError: (error: unknown) => void): Listener {
  const url = postgresUrlOf(db)
  if (!url) throw new Error('Notifications need PostgreSQL')
  let client: pg.Client | undefined
  let closed = false
  let retryMs = 250
  let timer: ReturnType<typeof setTimeout> | undefined
  const connect = async () => {
    const next = new pg.Client(postgresConfig(url))
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== undefined) onPayload(message.payload)
    })
    next.on('error', (error) => {
      onError(error)
      lost(next)
    })
    next.on('end', () => lost(next))
    try {
      await next.connect()
      await next.query(`listen ${CHANNEL}`)
      if (closed) {
        await next.end()
        return
      }
      client = next
      retryMs = 250
    } catch (error) {
      onError(error)
      lost(next)
    }
  }
  const lost = (which: pg.Client) => {
    if (closed || (client && client !== which)) return
    client = undefined
    which.removeAllListeners('end')
    void which.end().catch(() => undefined)
    if (timer) return
    timer = setTimeout(() => {
      timer = undefined
      onLost()
      void connect()
    }, retryMs)
    retryMs = Math.min(retryMs * 2, 5000)
  }
  const ready = connect()
  return {
    ready,
    async close() {
      closed = true
      clearTimeout(timer)
      await ready
      await client?.end().catch(() => undefined)
    },
  }
}
