import { pruneAppTokens } from './auth/app-holder'
import { pruneTokens } from './auth/tokens'
import { pruneBulkJobs } from './bulk/jobs'
import { removeSilentEphemeral, type PublishChange } from './enrollment/ephemeral'
import type { Lease } from './db/lease'
import { pruneEvents } from './db/event-log'
import { tune, type Db } from './db/open'
import { pruneIdempotencyKeys } from './db/idempotency'
import { deleteFinishedDeliveriesBefore, deleteHeartbeatsBefore, deleteLapsedInvitedAccounts, deleteSignInsBefore, deleteSpentLinks } from './db/retention'
import { SHARED_EVENTS_KEPT_MS } from './events'
import type { Logger } from './log'
import { pruneRollups, watermark } from './metrics/rollup'
import { pruneTunnels } from './tunnels/inspector'

export const SWEEP_EVERY_MS = 10 * 60_000
/** Heartbeat samples are kept this long: the longest history a device's detail shows. */
export const HEARTBEAT_RETENTION_DAYS = 7
/** A user's sign-ins are listed this long, on their detail and in the sessions' history. */
export const SIGN_IN_RETENTION_DAYS = 90
/** A webhook's finished deliveries stay in its log this long. */
export const DELIVERY_RETENTION_DAYS = 30

/**
 * Deletes what can no longer be used: ended sessions, spent or expired links and codes (and the
 * accounts made for invitations that lapsed with them), old
 * counts, heartbeat samples past their retention, webhook deliveries finished 30 days ago, the
 * answers kept for Idempotency-Keys after 24 hours, bulk previews never run and bulk jobs past
 * their keeping (`pruneBulkJobs`), ephemeral devices silent too long (told to open consoles with
 * `publish`); then lets the storage tune itself.
 */
export async function sweep(db: Db, now: Date, pruneThrottle: () => Promise<void>, publish?: PublishChange): Promise<void> {
  const at = now.toISOString()
  await pruneTokens(db, now)
  await pruneAppTokens(db, now)
  await pruneThrottle()
  await deleteSpentLinks(db, at)
  // An account an invitation made for an address lapses with its last open invitation.
  await deleteLapsedInvitedAccounts(db, at)
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000).toISOString()
  await deleteSignInsBefore(db, daysAgo(SIGN_IN_RETENTION_DAYS))
  // Deliveries still waiting for a try stay, however old.
  await deleteFinishedDeliveriesBefore(db, daysAgo(DELIVERY_RETENTION_DAYS))
  // Samples not yet folded into the rollups stay past their retention, so no traffic misses an invoice.
  const folded = (await watermark(db)) ?? 0
  const kept = new Date(Math.min(Date.parse(daysAgo(HEARTBEAT_RETENTION_DAYS)), folded)).toISOString()
  await deleteHeartbeatsBefore(db, kept)
  await pruneRollups(db, now)
  await pruneEvents(db, new Date(now.getTime() - SHARED_EVENTS_KEPT_MS).toISOString())
  await pruneIdempotencyKeys(db, now)
  await pruneBulkJobs(db, now)
  await removeSilentEphemeral(db, now, publish)
  await pruneTunnels(db, now)
  tune(db)
}

/** Sweeps at start and then every SWEEP_EVERY_MS, without keeping the process alive. */
export function createSweeper(options: { db: Db; now: () => Date; pruneThrottle: () => Promise<void>; log: Logger; lease?: Lease; publish?: PublishChange }) {
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    const work = () => sweep(options.db, options.now(), options.pruneThrottle, options.publish)
    // One process at a time sweeps (the lease).
    running = running
      .then((): Promise<unknown> => (options.lease ? options.lease.run(work) : work()))
      .catch((error: unknown) => options.log.error('Sweep failed:', error))
  }
  return {
    start() {
      run()
      timer = setInterval(run, SWEEP_EVERY_MS)
      timer.unref()
    },
    /** Stops sweeping; resolves once a sweep under way has finished. */
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
