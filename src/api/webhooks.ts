import { collectionPath } from '../contract/collections'
import type { IssuedWebhook, Webhook, WebhookDelivery, WebhookInput } from '../contract/webhooks'
import { call } from './client'
import { collection } from './collection'

/** Creating answers the webhook with its signing secret, once; every other answer leaves it out. */
export const webhooksApi = collection<Webhook, WebhookInput, IssuedWebhook>('webhooks')

/** A new signing secret, answered once; the old one signs nothing more. */
export const rotateWebhook = (id: string) => call<IssuedWebhook>('POST', `${collectionPath('webhooks', id)}/rotate`)

/** Queues a `webhook.test` event, sent at once; answers the delivery's id. */
export const sendTestEvent = (id: string) => call<{ id: string; event_id: string }>('POST', `${collectionPath('webhooks', id)}/test`)

/** The newest deliveries of a webhook, with the total. */
export const webhookDeliveries = (id: string, page: number, perPage: number, signal?: AbortSignal) =>
  call<WebhookDelivery[]>('GET', `${collectionPath('webhooks', id)}/deliveries`, { query: { page, per_page: perPage }, signal })
