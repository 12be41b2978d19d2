import { bucketSamples, HISTORY_RANGES, type HistoryRange } from '../../contract/device-history'
import { deviceHeartbeats, hasDevice } from '../db/live'
import type { Db } from '../db/open'
import { refuse } from '../problem'

/**
 * The device's heartbeats of the span `range` up to `now`, averaged (latency) and summed (bytes)
 * into at most 144 buckets, for the sparklines of its detail view. The rows are folded here rather
 * than in SQL, so the query stays portable across dialects.
 */
export async function deviceHistory(db: Db, organizationId: string, id: string, range: HistoryRange, now: Date): Promise<ReturnType<typeof bucketSamples>> {
  if (id.length > 64) throw refuse('notFound', 'notFound')
  if (!(await hasDevice(db, organizationId, id))) throw refuse('notFound', 'notFound')
  const span = HISTORY_RANGES[range]
  const end = now.getTime()
  // The bucket of now and the ones before it, as many as the span holds.
  const since = new Date((Math.floor(end / span.bucketMs) + 1) * span.bucketMs - span.ms).toISOString()
  const rows = await deviceHeartbeats(db, organizationId, id, since, new Date(end).toISOString())
  return bucketSamples(rows, span.bucketMs)
}
