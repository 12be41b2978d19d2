import { Hono, type MiddlewareHandler } from 'hono'
import { WEBHOOKS_PATH, type DeliveryError, type DeliveryState, type IssuedWebhook, type WebhookDelivery, type WebhookEvent, type WebhookEventType } from '../../contract/webhooks'
import { audit } from '../audit/trail'
import type { EngineServices } from '../collections/engine'
import { runWrite } from '../collections/routes'
import { webhookOf } from './collection'
import type { AnyDb } from '../db/open'
import type { WebhookDeliveryRow } from '../db/schema'
import { deliveriesPage, storeSealedSecret, webhookRow } from '../db/webhooks'
import { requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { fail, needsRight } from '../http/errors'
import { answerPage, pageOf } from '../http/paging'
import { RULES } from '../http/throttle'
import { newWebhookSecret } from './secrets'
import { newEventId, type Webhooks } from './service'
import { PER_PAGE_CHOICES } from '../../contract/collections'
import { DELIVERY_ERRORS, WEBHOOK_EVENT_TYPES } from '../../contract/webhooks'
import { describe } from '../openapi/registry'
import { int, list, obj, oneOf, orNull, str, time } from '../openapi/shapes'
import { ISSUED_WEBHOOK } from '../openapi/webhooks'

const DELIVERY = obj({
  id: str,
  event_id: str,
  type: oneOf(WEBHOOK_EVENT_TYPES),
  created_at: time,
  state: oneOf(['pending', 'delivered', 'failed']),
  tried_at: orNull(time),
  tries: int,
  next_try_at: orNull(time),
  status_code: orNull(int),
  error: orNull(oneOf(DELIVERY_ERRORS)),
  duration_ms: orNull(int),
  response: str,
})

describe(
  {
    method: 'post',
    path: `${WEBHOOKS_PATH}/:id/rotate`,
    tag: 'Webhooks',
    summary: 'Rotate a webhook\'s signing secret',
    description: 'A new signing secret, answered this once; the old one signs nothing more.',
    caller: 'principal',
    rights: ['alerts'],
    params: { id: 'The webhook.' },
    answers: { 200: { description: 'The webhook with its new secret.', body: ISSUED_WEBHOOK } },
  },
  {
    method: 'post',
    path: `${WEBHOOKS_PATH}/:id/test`,
    tag: 'Webhooks',
    summary: 'Send a test event',
    description: 'A `webhook.test` event through the same queue as alerts, sent at once. 10 a minute per webhook and 20 per organization, then 429.',
    caller: 'principal',
    rights: ['alerts'],
    params: { id: 'The webhook.' },
    answers: {
      202: { description: 'Queued: the delivery and its event.', body: obj({ id: str, event_id: str }) },
      429: { description: 'Too many test events: the message names the limit.', body: { ref: 'Error' }, headers: ['Retry-After'] },
    },
  },
  {
    method: 'get',
    path: `${WEBHOOKS_PATH}/:id/deliveries`,
    tag: 'Webhooks',
    summary: 'A webhook\'s delivery log',
    description: 'Each event sent to the webhook, newest first: its tries, the last status or error, how long it took and the first bytes of the answer.',
    caller: 'principal',
    rights: ['alerts', 'devices'],
    params: { id: 'The webhook.' },
    query: [
      { name: 'page', description: 'The page, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
      { name: 'per_page', description: 'Deliveries per page.', schema: { type: 'integer', enum: [...PER_PAGE_CHOICES], default: 25 } },
    ],
    answers: {
      200: { description: 'A page of deliveries.', body: list(DELIVERY), headers: ['X-Total-Count'] },
      400: { description: 'A page it does not take.', body: { ref: 'Error' } },
    },
  },
)

/** Reading a webhook's log takes `alerts` or `devices`, as reading webhooks does; the rest `alerts`. */
const mayRead: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const rights = c.var.principal.rights
  if (!rights.includes('alerts') && !rights.includes('devices')) throw needsRight('alerts', 'devices')
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
 * with the delivery's id), within a rate limit per webhook and per organization.
 * `GET /webhooks/{id}/deliveries`: the log, newest first, paged. Another organization's webhooks
 * are not found.
 */
export function webhookRoutes(services: EngineServices, service: Webhooks) {
  const db = services.db as unknown as AnyDb
  const find = async (organizationId: string, id: string, on: AnyDb = db) => {
    if (id.length > 64) return undefined
    const row = await webhookRow(on, organizationId, id)
    return row ? webhookOf(row) : undefined
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
        await storeSealedSecret(ctx.db, organizationId, id, service.box.seal(id, secret), ctx.now)
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
      await services.throttle.countFor([
        { rule: RULES.webhookTest, subject: webhook.id },
        { rule: RULES.webhookTestOrganization, subject: organizationId },
      ])
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
      const { page, perPage } = pageOf(c)
      const found = await deliveriesPage(db, organizationId, webhook.id, page, perPage)
      return answerPage(c, found.rows.map(deliveryOf), found.total)
    })
}
