import { Hono, type MiddlewareHandler } from 'hono'
import { HeartbeatBody } from '../../contract/devices'
import type { AlertEvaluator } from '../alerts/evaluator'
import { parseTags } from '../collections/devices'
import type { EngineServices } from '../collections/engine'
import { requirePrincipal, type AuthEnv } from '../http/auth'
import { readBody } from '../http/body'
import { fail } from '../http/errors'
import type { Presence } from './presence'
import { describe } from '../openapi/registry'
import { obj, ref, time } from '../openapi/shapes'

/** Only a key sends heartbeats, one holding `heartbeat` (a device's key) or `devices`. */
const mayBeat: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const principal = c.var.principal
  if (principal.kind === 'key' ? !principal.heartbeat : !principal.rights.includes('devices')) throw fail(403, 'forbidden')
  if (principal.kind !== 'key') throw fail(403, 'keyOnly')
  await next()
}

/**
 * `POST /devices/{id}/heartbeat`, sent by a device with its access key: it sets the device online
 * (or in error), notes its address and firmware, and keeps the metrics.
 */
describe({
  method: 'post',
  path: '/devices/:id/heartbeat',
  tag: 'Devices',
  summary: 'Send a device\'s heartbeat',
  description:
    'A device reports its status, address, firmware and metrics with an access key of the scope `heartbeat` (a key holding `devices` may send them too; a session or an app token may not). A device silent for `OFFLINE_AFTER_S` goes offline; a disabled device\'s heartbeats are refused.',
  caller: 'principal',
  rights: ['heartbeat', 'devices'],
  heartbeatKey: true,
  params: { id: 'The device\'s id.' },
  body: HeartbeatBody,
  example: { ip: '10.0.0.7', firmware: '2.5.0', metrics: { latency_ms: 18, bytes_in: 5200, bytes_out: 900, cpu: 12, memory: 41 } },
  answers: {
    200: { description: 'The device\'s status and the time it was seen.', body: obj({ status: ref('DeviceStatus'), last_seen: time }) },
    403: { description: 'Not an access key, a key without `heartbeat` or `devices`, or a disabled device.', body: { ref: 'Error' } },
  },
})

export function heartbeatRoutes(services: EngineServices, presence: Presence, alerts?: AlertEvaluator) {
  const { db } = services
  return new Hono<AuthEnv>().post('/devices/:id/heartbeat', requirePrincipal(services, { heartbeat: true }), mayBeat, async (c) => {
    const principal = c.var.principal
    const body = await readBody(c, HeartbeatBody)
    const id = c.req.param('id')
    const device = await db
      .selectFrom('devices')
      .select(['id', 'status', 'name', 'tags', 'last_seen', 'enabled'])
      .where('id', '=', id)
      .where('organization_id', '=', principal.organizationId)
      .executeTakeFirst()
    if (!device) throw fail(404, 'notFound')
    if (!device.enabled) throw fail(403, 'deviceDisabled')
    const at = services.now().toISOString()
    const status = body.status ?? 'online'
    await db.transaction().execute(async (trx) => {
      // Only while enabled, read again by the write itself: a heartbeat that meets a disable
      // committed since the read above changes nothing.
      const beat = await trx
        .updateTable('devices')
        .set({ status, ip: body.ip, firmware: body.firmware, last_seen: at })
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst()
      if (beat.numUpdatedRows === 0n) throw fail(403, 'deviceDisabled')
      await trx
        .insertInto('heartbeats')
        .values({ device_id: id, organization_id: principal.organizationId, at, status, ...body.metrics })
        .execute()
    })
    presence.seen(principal.organizationId, { id, status, last_seen: at }, device.status !== status)
    alerts?.heartbeat(principal.organizationId, { device: { ...device, tags: parseTags(device.tags) }, status, at, metrics: body.metrics })
    return c.json({ status, last_seen: at })
  })
}
