import type { Db } from '../open'

const iso = (ms: number) => new Date(ms).toISOString()

/** The organization's rollups of grain `stepSeconds` whose buckets start from `first` to `last` (ms, both included). */
export const rollupSeries = (db: Db, organizationId: string, stepSeconds: number, first: number, last: number) =>
  db
    .selectFrom('metric_rollups')
    .select(['bucket', 'samples', 'online', 'bytes_in', 'bytes_out', 'bytes_in_missing', 'bytes_out_missing', 'latency'])
    .where('organization_id', '=', organizationId)
    .where('step_seconds', '=', stepSeconds)
    .where('bucket', '>=', iso(first))
    .where('bucket', '<=', iso(last))
    .execute()

/** Bytes in and out per device of the organization over [from, to) (ms), summed from the raw heartbeats. */
export const heartbeatTrafficByDevice = (db: Db, organizationId: string, from: number, to: number) =>
  db
    .selectFrom('heartbeats')
    .select((eb) => ['device_id', eb.fn.sum<number>('bytes_in').as('bytes_in'), eb.fn.sum<number>('bytes_out').as('bytes_out')])
    .where('organization_id', '=', organizationId)
    .where('at', '>=', iso(from))
    .where('at', '<', iso(to))
    .groupBy('device_id')
    .execute()

/** Bytes in and out per device of the organization over the hours [from, to) (ms), summed from the per-device hour rollup. */
export const hourTrafficByDevice = (db: Db, organizationId: string, from: number, to: number) =>
  db
    .selectFrom('device_traffic_hours')
    .select((eb) => ['device_id', eb.fn.sum<number>('bytes_in').as('bytes_in'), eb.fn.sum<number>('bytes_out').as('bytes_out')])
    .where('organization_id', '=', organizationId)
    .where('hour', '>=', iso(from))
    .where('hour', '<', iso(to))
    .groupBy('device_id')
    .execute()

/** How many of the organization's devices are in each status. */
export const deviceStatusCounts = (db: Db, organizationId: string) =>
  db
    .selectFrom('devices')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .where('organization_id', '=', organizationId)
    .groupBy('status')
    .execute()

/** The names of the organization's devices among `ids` (ids it does not have are left out). */
export const deviceNames = (db: Db, organizationId: string, ids: string[]) =>
  db.selectFrom('devices').select(['id', 'name']).where('organization_id', '=', organizationId).where('id', 'in', ids).execute()
