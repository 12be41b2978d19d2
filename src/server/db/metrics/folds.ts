import { sql, type Insertable } from 'kysely'
import type { Db } from '../open'
import type { DeviceTrafficHourRow, MetricRollupRow } from '../schema'

/** The one fold of `heartbeats` into the rollups, by the name its watermark row is kept under. */
const FOLD_NAME = 'heartbeats'

const iso = (ms: number) => new Date(ms).toISOString()

/** The end (excluded, in ms) of the heartbeats folded so far; undefined before the first fold. */
export async function watermark(db: Db): Promise<number | undefined> {
  const row = await db.selectFrom('metric_folds').select('folded_until').where('name', '=', FOLD_NAME).executeTakeFirst()
  return row ? Date.parse(row.folded_until) : undefined
}

/** Moves the watermark to `until`, never back: a fold that read an older one may finish after another's. */
export async function setWatermark(db: Db, until: number): Promise<void> {
  await db
    .insertInto('metric_folds')
    .values({ name: FOLD_NAME, folded_until: iso(until) })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        folded_until: sql<string>`case when metric_folds.folded_until < excluded.folded_until then excluded.folded_until else metric_folds.folded_until end`,
      }),
    )
    .execute()
}

/**
 * Locks the watermark's row for the rest of the transaction and answers it: a second fold, in this
 * process or another, waits here until the first commits and then reads where it ended.
 */
export async function lockWatermark(trx: Db): Promise<number> {
  await trx
    .insertInto('metric_folds')
    .values({ name: FOLD_NAME, folded_until: iso(0) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await trx
    .updateTable('metric_folds')
    .set({ folded_until: sql<string>`folded_until` })
    .where('name', '=', FOLD_NAME)
    .returning('folded_until')
    .executeTakeFirstOrThrow()
  return Date.parse(row.folded_until)
}

/** The heartbeats of [start, end), in ms, as a fold reads them. */
export const heartbeatsBetween = (db: Db, start: number, end: number) =>
  db
    .selectFrom('heartbeats')
    .select(['organization_id', 'device_id', 'at', 'latency_ms', 'bytes_in', 'bytes_out', 'status'])
    .where('at', '>=', iso(start))
    .where('at', '<', iso(end))
    .execute()

/** The time of the oldest heartbeat at or after `from` and before `to` (ms), or of all when no span is given. */
export async function oldestHeartbeat(db: Db, span?: { from: number; to: number }): Promise<string | undefined> {
  let query = db.selectFrom('heartbeats').select((eb) => eb.fn.min('at').as('at'))
  if (span) query = query.where('at', '>=', iso(span.from)).where('at', '<', iso(span.to))
  const row = await query.executeTakeFirst()
  return row?.at ?? undefined
}

/** The per-device hour rows of `hour` (ms) of the organizations `organizationIds`. */
export const deviceHoursOf = (db: Db, hour: number, organizationIds: string[]) =>
  db
    .selectFrom('device_traffic_hours')
    .select(['organization_id', 'device_id', 'samples', 'bytes_in', 'bytes_out', 'last_online'])
    .where('hour', '=', iso(hour))
    .where('organization_id', 'in', organizationIds)
    .execute()

/** The rollups, of every grain, of the buckets within `hour` (ms) of the organizations `organizationIds`. */
export const rollupsOfHour = (db: Db, hour: number, hourMs: number, organizationIds: string[]) =>
  db
    .selectFrom('metric_rollups')
    .select(['organization_id', 'step_seconds', 'bucket', 'samples', 'online', 'bytes_in', 'bytes_out', 'bytes_in_missing', 'bytes_out_missing', 'latency'])
    .where('organization_id', 'in', organizationIds)
    .where('bucket', '>=', iso(hour))
    .where('bucket', '<', iso(hour + hourMs))
    .execute()

/** Writes rollup rows whole, replacing those of the same organization, grain and bucket. */
export async function upsertRollups(db: Db, rows: Insertable<MetricRollupRow>[]): Promise<void> {
  await db
    .insertInto('metric_rollups')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['organization_id', 'step_seconds', 'bucket']).doUpdateSet((eb) => ({
        samples: eb.ref('excluded.samples'),
        online: eb.ref('excluded.online'),
        bytes_in: eb.ref('excluded.bytes_in'),
        bytes_out: eb.ref('excluded.bytes_out'),
        bytes_in_missing: eb.ref('excluded.bytes_in_missing'),
        bytes_out_missing: eb.ref('excluded.bytes_out_missing'),
        latency: eb.ref('excluded.latency'),
      })),
    )
    .execute()
}

/** Writes per-device hour rows whole, replacing those of the same organization, hour and device. */
export async function upsertDeviceHours(db: Db, rows: DeviceTrafficHourRow[]): Promise<void> {
  await db
    .insertInto('device_traffic_hours')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['organization_id', 'hour', 'device_id']).doUpdateSet((eb) => ({
        samples: eb.ref('excluded.samples'),
        bytes_in: eb.ref('excluded.bytes_in'),
        bytes_out: eb.ref('excluded.bytes_out'),
        last_online: eb.ref('excluded.last_online'),
      })),
    )
    .execute()
}

/** Deletes the rollups of grain `stepSeconds` older than `before` (ISO). */
export async function deleteRollupsBefore(db: Db, stepSeconds: number, before: string): Promise<void> {
  await db.deleteFrom('metric_rollups').where('step_seconds', '=', stepSeconds).where('bucket', '<', before).execute()
}

/** Deletes the per-device hours older than `before` (ISO). */
export async function deleteDeviceHoursBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('device_traffic_hours').where('hour', '<', before).execute()
}
