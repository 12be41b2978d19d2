import type { Lease } from '../db/lease'
import {
  deleteDeviceHoursBefore,
  deleteRollupsBefore,
  deviceHoursOf,
  heartbeatsBetween,
  lockWatermark,
  oldestHeartbeat,
  rollupsOfHour,
  setWatermark,
  upsertDeviceHours,
  upsertRollups,
  watermark,
} from '../db/metrics/folds'
import type { Db } from '../db/open'
import { inTransaction } from '../db/transaction'
import type { Logger } from '../log'
import { sumHeartbeats } from './fold-sums'
import { decode, emptyHistogram, encode } from './histogram'

export { watermark }

export const MINUTE_MS = 60_000
export const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** The grains of `metric_rollups`, one per dashboard range (1 h, 24 h, 7 d), in seconds. */
export const GRAINS = [60, 300, 3600] as const
export type Grain = (typeof GRAINS)[number]

/** A minute is folded this long after it ended, so a heartbeat written as it ended is in it. */
export const FOLD_GRACE_MS = 5_000
/** The fold runs this often; a dashboard's request also folds what is due before it reads. */
export const FOLD_EVERY_MS = 15_000

/**
 * How long each rollup is kept (the sweeper prunes past it): minutes 48 hours, five-minute buckets
 * 8 days, hours 400 days; per-device hours 8 days (the 7 d top ten). Raw heartbeats keep their
 * own 7 days (`HEARTBEAT_RETENTION_DAYS`), which the device history reads.
 */
export const ROLLUP_RETENTION_MS: Record<Grain, number> = { 60: 2 * DAY_MS, 300: 8 * DAY_MS, 3600: 400 * DAY_MS }
export const DEVICE_HOURS_RETENTION_MS = 8 * DAY_MS

/** A fold's transaction covers ten minutes of heartbeats at most, so a long catch-up never holds the database for long. */
const CHUNK_MS = 10 * MINUTE_MS
const BATCH = 200

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step
const iso = (ms: number) => new Date(ms).toISOString()

/** The end (excluded) of the minutes complete at `now`: what a fold at `now` reaches. */
export const foldTarget = (now: Date) => floorTo(now.getTime() - FOLD_GRACE_MS, MINUTE_MS)

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/**
 * Adds the heartbeats of [start, end) (whole minutes within one hour) to the rollups and moves the
 * watermark to `end`, in one transaction: a crash leaves either all of it or none, so no sample is
 * ever counted twice or lost. The watermark's row is locked first; when another fold (of this
 * process or another) has already passed `start`, nothing is added. A device counts online once
 * per bucket: its hour row remembers the last minute it was online, and the minutes before `start`
 * are already folded. Answers the watermark after it.
 */
async function foldChunk(db: Db, start: number, end: number): Promise<number> {
  const hour = floorTo(start, HOUR_MS)
  return inTransaction(db, async (trx) => {
    const folded = await lockWatermark(trx)
    if (folded > start) return folded
    const rows = await heartbeatsBetween(trx, start, end)
    const { buckets, devices } = sumHeartbeats(rows, GRAINS)

    const organizations = [...new Set([...devices.values()].map((device) => device.organizationId))]
    const before = new Map<string, { samples: number; bytes_in: number; bytes_out: number; last_online: string | null }>()
    const rollupsBefore = new Map<string, { samples: number; online: number; bytes_in: number; bytes_out: number; bytes_in_missing: number; bytes_out_missing: number; latency: string }>()
    for (const part of chunks(organizations, 500)) {
      for (const row of await deviceHoursOf(trx, hour, part)) before.set(`${row.organization_id}\n${row.device_id}`, row)
      for (const row of await rollupsOfHour(trx, hour, HOUR_MS, part)) rollupsBefore.set(`${row.organization_id}\n${row.step_seconds}\n${Date.parse(row.bucket)}`, row)
    }

    const rollupValues = [...buckets].map(([key, sum]) => {
      const old = rollupsBefore.get(key)
      // Online devices not yet counted in this bucket by an earlier fold.
      let newlyOnline = 0
      for (const deviceId of sum.online) {
        const lastOnline = before.get(`${sum.organizationId}\n${deviceId}`)?.last_online
        if (!lastOnline || Date.parse(lastOnline) < sum.start) newlyOnline++
      }
      const latency = old ? decode(old.latency) : emptyHistogram()
      for (let i = 0; i < latency.length; i++) latency[i]! += sum.latency[i]!
      return {
        organization_id: sum.organizationId,
        step_seconds: sum.step,
        bucket: iso(sum.start),
        samples: Number(old?.samples ?? 0) + sum.samples,
        online: Number(old?.online ?? 0) + newlyOnline,
        bytes_in: Number(old?.bytes_in ?? 0) + sum.bytesIn,
        bytes_out: Number(old?.bytes_out ?? 0) + sum.bytesOut,
        bytes_in_missing: Number(old?.bytes_in_missing ?? 0) + sum.bytesInMissing,
        bytes_out_missing: Number(old?.bytes_out_missing ?? 0) + sum.bytesOutMissing,
        latency: encode(latency),
      }
    })
    for (const part of chunks(rollupValues)) await upsertRollups(trx, part)

    const deviceValues = [...devices].map(([key, sum]) => {
      const old = before.get(key)
      const lastOnline = sum.lastOnline !== undefined ? iso(sum.lastOnline) : (old?.last_online ?? null)
      return {
        organization_id: sum.organizationId,
        hour: iso(hour),
        device_id: sum.deviceId,
        samples: Number(old?.samples ?? 0) + sum.samples,
        bytes_in: Number(old?.bytes_in ?? 0) + sum.bytesIn,
        bytes_out: Number(old?.bytes_out ?? 0) + sum.bytesOut,
        last_online: lastOnline,
      }
    })
    for (const part of chunks(deviceValues)) await upsertDeviceHours(trx, part)
    await setWatermark(trx, end)
    return end
  })
}

/**
 * Folds every complete minute not folded yet into the rollups, `chunkMs` (ten minutes) at most per
 * transaction and never past an hour's end, skipping spans without heartbeats; the first fold
 * starts at the oldest heartbeat kept (the seeded history included). Answers the end (excluded) of
 * what is folded, in ms.
 */
export async function fold(db: Db, now: Date, { chunkMs = CHUNK_MS }: { chunkMs?: number } = {}): Promise<number> {
  const target = foldTarget(now)
  let from = await watermark(db)
  if (from === undefined) {
    const oldest = await oldestHeartbeat(db)
    from = oldest ? Math.min(floorTo(Date.parse(oldest), MINUTE_MS), target) : target
    if (!oldest) await setWatermark(db, target)
  }
  while (from < target) {
    const next = await oldestHeartbeat(db, { from, to: target })
    if (!next) {
      await setWatermark(db, target)
      return target
    }
    const start = floorTo(Date.parse(next), MINUTE_MS)
    const end = Math.min(floorTo(start, HOUR_MS) + HOUR_MS, start + chunkMs, target)
    from = Math.max(end, await foldChunk(db, start, end))
  }
  return from
}

/** Deletes rollup rows past their retention; the sweeper runs it. */
export async function pruneRollups(db: Db, now: Date): Promise<void> {
  for (const step of GRAINS) await deleteRollupsBefore(db, step, iso(now.getTime() - ROLLUP_RETENTION_MS[step]))
  await deleteDeviceHoursBefore(db, iso(now.getTime() - DEVICE_HOURS_RETENTION_MS))
}

export interface Rollup {
  /** Folds what is due (at most one fold at a time); answers the end of what is folded, in ms. */
  catchUp(): Promise<number>
  /** Folds now (the seeded history too) and then every FOLD_EVERY_MS. */
  start(): void
  /** Stops the schedule; resolves once a fold under way has finished. */
  stop(): Promise<void>
}

export function createRollup(options: { db: Db; now: () => Date; log: Logger; lease?: Lease }): Rollup {
  let timer: ReturnType<typeof setInterval> | undefined
  let folded: number | undefined
  let running: Promise<number | undefined> = Promise.resolve(undefined)
  const run = () =>
    (running = running
      .then(() => fold(options.db, options.now()))
      .then((until) => (folded = until))
      .catch((error: unknown) => {
        options.log.error('Metrics fold failed:', error)
        return folded
      }))
  return {
    async catchUp() {
      const target = foldTarget(options.now())
      if (folded !== undefined && folded >= target) return folded
      return (await run()) ?? target
    },
    start() {
      // On schedule, one process at a time folds (the lease); a dashboard's catch-up folds wherever it is asked.
      const scheduled = () => (options.lease ? options.lease.run(run).catch((error: unknown) => options.log.error('Metrics fold failed:', error)) : run())
      void scheduled()
      timer = setInterval(scheduled, FOLD_EVERY_MS)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
