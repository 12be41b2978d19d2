import { Hono, type MiddlewareHandler } from 'hono'
import { sql } from 'kysely'
import { WEBHOOKS_PATH, type DeliveryError, type DeliveryState, type IssuedWebhook, type WebhookDelivery, type WebhookEvent, type WebhookEventType } from '../../contract/webhooks'
import { pageOf } from '../alerts/routes'
import { audit } from '../audit'
import { runWrite, type EngineServices } from '../collections/engine'
import { WEBHOOK_COLUMNS, webhookOf } from '../collections/webhooks'
import type { AnyDb } from '../db/open'
import type { WebhookDeliveryRow } from '../db/schema'
import { requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { fail } from '../http/errors'
import { newWebhookSecret } from './secrets'
import { newEventId, type Webhooks } from './service'

/** Reading a webhook's log takes `alerts` or `devices`, as reading webhooks does; the rest `alerts`. */
const mayRead: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const rights = c.var.principal.rights
  if (!rights.includes('alerts') && !rights.includes('devices')) throw fail(403, 'forbidden')
  await next()
}

const deliveryOf = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  event_id: row.event_id,
  type: row.type as WebhookEventType,
  created_at: row.created_at,
  // A claim is a try under way; the log shows it as waiting.
  state: (row.state === 'sending' ? 'pending' : row.state) as DeliveryState,
  tried_at: row.tried_at,
  tries: Number(row.tries),
  next_try_at: row.state === 'pending' ? row.next_try_at : null,
  status_code: row.status_code === null ? null : Number(row.status_code),
  error: row.error as DeliveryError | null,
  duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
  response: row.response,
})

/**
 * `POST /webhooks/{id}/rotate`: a new signing secret, answered once; the old one signs nothing
 * more. `POST /webhooks/{id}/test`: a `webhook.test` event through the same queue, sent now (202
 * with the delivery's id). `GET /webhooks/{id}/deliveries`: the log, newest first, paged.
 * Another organization's webhooks are not found.
 */
export function webhookRoutes(services: EngineServices, service: Webhooks) {
  const db = services.db as unknown as AnyDb
  const find = async (organizationId: string, id: string, on: AnyDb = db) => {
    if (id.length > 64) return undefined
    const row = await on.selectFrom('webhooks as t').select([...WEBHOOK_COLUMNS]).where('t.organization_id', '=', organizationId).where('t.id', '=', id).executeTakeFirst()
    return row ? webhookOf(row as Record<string, unknown>) : undefined
  }
  const mustFind = async (organizationId: string, id: string, on: AnyDb = db) => {
    const found = await find(organizationId, id, on)
    if (!found) throw fail(404, 'notFound')
    return found
  }

  return new Hono<AuthEnv>()
    .post(`${WEBHOOKS_PATH}/:id/rotate`, requirePrincipal(services), requireRight('alerts'), async (c) => {
      const { organizationId } = c.var.principal
      const id = c.req.param('id')
      await mustFind(organizationId, id)
      const secret = newWebhookSecret()
      const record = await runWrite(services, c, async (ctx) => {
        await ctx.db
          .updateTable('webhooks')
          .set({ secret_sealed: service.box.seal(id, secret), updated_at: ctx.now, version: sql`version + 1` })
          .where('id', '=', id)
          .where('organization_id', '=', organizationId)
          .execute()
        const rotated = await mustFind(organizationId, id, ctx.db)
        await audit(ctx.db, organizationId, ctx.actor, { action: 'rotate', collection: 'alerts', recordId: id, recordName: rotated.name, fields: ['secret'] }, ctx.now)
        ctx.later(() => services.hub.publish(organizationId, 'change', { collection: 'webhooks', id, action: 'update', version: rotated.version }))
        return rotated
      })
      const answer: IssuedWebhook = { ...record, secret }
      return c.json(answer)
    })
    .post(`${WEBHOOKS_PATH}/:id/test`, requirePrincipal(services), requireRight('alerts'), async (c) => {
      const { organizationId } = c.var.principal
      const webhook = await mustFind(organizationId, c.req.param('id'))
      const event: WebhookEvent = {
        id: newEventId(),
        type: 'webhook.test',
        created_at: services.now().toISOString(),
        organization_id: organizationId,
        rule: null,
        device: null,
        alert: null,
      }
      const [delivery] = await service.enqueue(db, organizationId, [webhook.id], event)
      service.kick()
      return c.json({ id: delivery, event_id: event.id }, 202)
    })
    .get(`${WEBHOOKS_PATH}/:id/deliveries`, requirePrincipal(services), mayRead, async (c) => {
      const { organizationId } = c.var.principal
      const webhook = await mustFind(organizationId, c.req.param('id'))
      const { page, perPage } = pageOf((name) => c.req.query(name))
      const query = db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhook.id).where('organization_id', '=', organizationId)
      const counted = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst()
      const rows = await query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute()
      c.header('X-Total-Count', String(Number(counted?.total ?? 0)))
      return c.json(rows.map((row) => deliveryOf(row as WebhookDeliveryRow)))
    })
}
