import { randomUUID } from 'node:crypto'
import type { WebhookEvent } from '../../contract/webhooks'
import type { Db } from '../db/open'
import { insertDelivery, webhooksOnOff } from '../db/webhook-deliveries'

/**
 * Adds one delivery of `event`, due at `at`, for each webhook of `webhookIds` of the organization
 * that is on (a test event goes to one turned off too); an event already queued for a webhook is
 * not queued again (a unique key). Answers the ids of the deliveries added.
 */
export async function enqueue(db: Db, at: string, organizationId: string, webhookIds: string[], event: WebhookEvent): Promise<string[]> {
  const ids = [...new Set(webhookIds)]
  if (!ids.length) return []
  const hooks = await webhooksOnOff(db, organizationId, ids)
  const body = JSON.stringify(event)
  const queued: string[] = []
  for (const hook of hooks) {
    if (!hook.enabled && event.type !== 'webhook.test') continue
    const id = randomUUID()
    const added = await insertDelivery(db, { id, organization_id: organizationId, webhook_id: hook.id, event_id: event.id, type: event.type, body, state: 'pending', tries: 0, next_try_at: at, response: '', created_at: at })
    if (added) queued.push(id)
  }
  return queued
}
