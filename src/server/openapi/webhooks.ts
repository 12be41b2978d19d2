import type { JsonSchema } from '../../contract/json-schema'
import { DELIVERY_ERRORS, WebhookInput } from '../../contract/webhooks'
import type { CollectionDocs } from '../collections/engine'
import { bool, int, obj, oneOf, orNull, record, time } from './shapes'

/** A webhook as the API answers it. */
export const WEBHOOK_RECORD = record(WebhookInput, {
  disabled_reason: orNull(oneOf(['failing'])),
  failing_since: orNull(time),
  last_delivery: orNull(obj({ at: time, ok: bool, status_code: orNull(int), error: orNull(oneOf(DELIVERY_ERRORS)) })),
})

/** A webhook with its signing secret, as a create or a rotation answers it, once. */
export const ISSUED_WEBHOOK: JsonSchema = {
  ...WEBHOOK_RECORD,
  properties: { ...(WEBHOOK_RECORD.properties as object), secret: { type: 'string', description: 'The signing secret (`whsec_` and its 32 key bytes as standard base64, as Standard Webhooks has it), sent this once; the server keeps it sealed.' } },
  required: [...(WEBHOOK_RECORD.required as string[]), 'secret'],
}

/** How the API's description tells the webhooks collection. */
export const WEBHOOK_DOCS: CollectionDocs = {
  noun: 'webhook',
  tag: 'Webhooks',
  description:
    'Where alert rules send their notifications, signed (Standard Webhooks: `Webhook-Id`, `Webhook-Timestamp`, `Webhook-Signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>`). https to public addresses only, unless the server allows private ones. Written with the right `alerts`, read with `alerts` or `devices`.',
  record: WEBHOOK_RECORD,
  created: ISSUED_WEBHOOK,
  deletes: 'Deletes the webhook and takes it out of the rules that called it.',
  example: { name: 'Pager', url: 'https://hooks.example.com/edgeline' },
}
