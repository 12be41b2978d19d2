import { Hono } from 'hono'
import { bucketSamples, DEFAULT_HISTORY_RANGE, HISTORY_RANGES, isHistoryRange } from '../../contract/device-history'
import type { EngineServices } from '../collections/engine'
import { requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { invalidInput } from '../http/body'
import { fail } from '../http/errors'
import { describe } from '../openapi/registry'
import { list, num, obj, time } from '../openapi/shapes'

/**
 * `GET /devices/{id}/history?range=24h`: the device's heartbeats of that span, averaged (latency)
 * and summed (bytes) into at most 144 buckets, for the sparklines of its detail view. The rows are
 * folded here rather than in SQL, so the query stays portable across dialects.
 */
describe({
  method: 'get',
  path: '/devices/:id/history',
  tag: 'Devices',
  summary: 'A device\'s recent history',
  description: 'Its heartbeats folded into 144 buckets over the range: mean latency and bytes summed, one point per bucket that heard anything, oldest first.',
  caller: 'principal',
  rights: ['devices'],
  params: { id: 'The device\'s id.' },
  query: [{ name: 'range', description: 'How far back.', schema: { type: 'string', enum: Object.keys(HISTORY_RANGES), default: DEFAULT_HISTORY_RANGE } }],
  answers: {
    200: { description: 'The points.', body: list(obj({ at: time, latency_ms: num, bytes_in: num, bytes_out: num })) },
    400: { description: 'A range it does not take.', body: { ref: 'Error' } },
  },
})

export function historyRoutes(services: EngineServices) {
  const { db } = services
  return new Hono<AuthEnv>().get('/devices/:id/history', requirePrincipal(services), requireRight('devices'), async (c) => {
    const range = c.req.query('range') ?? DEFAULT_HISTORY_RANGE
    if (!isHistoryRange(range)) throw invalidInput({ range: 'validation.invalid' })
    const { organizationId } = c.var.principal
    const id = c.req.param('id')
    if (id.length > 64) throw fail(404, 'notFound')
    const device = await db.selectFrom('devices').select('id').where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst()
    if (!device) throw fail(404, 'notFound')
    const span = HISTORY_RANGES[range]
    const now = services.now().getTime()
    // The bucket of now and the ones before it, as many as the span holds.
    const since = new Date((Math.floor(now / span.bucketMs) + 1) * span.bucketMs - span.ms).toISOString()
    const rows = await db
      .selectFrom('heartbeats')
      .select(['at', 'latency_ms', 'bytes_in', 'bytes_out'])
      .where('device_id', '=', device.id)
      .where('organization_id', '=', organizationId)
      .where('at', '>=', since)
      .where('at', '<=', new Date(now).toISOString())
      .orderBy('at')
      .execute()
    return c.json(bucketSamples(rows, span.bucketMs))
  })
}
