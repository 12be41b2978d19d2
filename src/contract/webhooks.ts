import { boolean, coerce, object, refine, string, type Infer } from 'superstruct'
import type { BaseRecord } from './collections'
import { defaulted, described } from './json-schema'
import { OptionalText } from './record-fields'
import { LIMITS, LONE_SURROGATE, Text, type MessageKey } from './validation'

/** What starts a webhook's signing secret; 32 random bytes follow as standard base64 (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'
/** The longest URL a webhook takes, and the longest description. */
export const WEBHOOK_URL_MAX = 2048
export const WEBHOOK_DESCRIPTION_MAX = 500
/** The most webhooks one alert rule calls. */
export const RULE_WEBHOOKS_MAX = 5
/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_KEPT_BYTES = 512

/** The events a webhook receives. */
export const WEBHOOK_EVENT_TYPES = ['alert.firing', 'alert.resolved', 'alert.grouped', 'webhook.test'] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/**
 * Why a try failed when no 2xx came back: a status (`status_code` says which), the 10 s limit,
 * an address the server may not reach, a redirect (never followed), or no connection at all.
 */
export const DELIVERY_ERRORS = ['status', 'timeout', 'refused_address', 'redirect', 'connection'] as const
export type DeliveryError = (typeof DELIVERY_ERRORS)[number]

/** `pending` waits for its next try, `sending` is being tried now, then `delivered` or `failed` (out of tries). */
export type DeliveryState = 'pending' | 'sending' | 'delivered' | 'failed'

/** The last try of a webhook, as its list shows it. */
export interface LastDelivery {
  at: string
  ok: boolean
  status_code: number | null
  error: DeliveryError | null
}

/** A webhook of the organization: where alerts are sent, signed with its secret. */
export interface Webhook extends BaseRecord {
  name: string
  url: string
  enabled: boolean
  description: string
  /** Why the server turned it off (`failing`: every delivery failed for a day); null while on or turned off by hand. */
  disabled_reason: 'failing' | null
  /** Since when every try has failed; null after a success. */
  failing_since: string | null
  last_delivery: LastDelivery | null
}

/** `POST /webhooks/` and `POST /webhooks/{id}/rotate` answer the record with its secret, the only time it is sent. */
export interface IssuedWebhook extends Webhook {
  secret: string
}

/** One event for one webhook, with its tries, as `GET /webhooks/{id}/deliveries` lists it. */
export interface WebhookDelivery {
  id: string
  event_id: string
  type: WebhookEventType
  created_at: string
  state: DeliveryState
  /** When the last try was made; null before the first. */
  tried_at: string | null
  tries: number
  next_try_at: string | null
  status_code: number | null
  error: DeliveryError | null
  duration_ms: number | null
  /** The first RESPONSE_KEPT_BYTES bytes of the last answer, as text, control characters dropped. */
  response: string
}

/** The body of every delivery. */
export interface WebhookEvent {
  id: string
  type: WebhookEventType
  created_at: string
  organization_id: string
  rule: { id: string; name: string } | null
  device: { id: string; name: string } | null
  /** The devices of a grouped event (a storm is one event, not hundreds), each with its alert. */
  devices?: { id: string; name: string; alert_id: string; started_at: string; resolved_at: string | null }[]
  /** Whether a grouped event tells alerts firing or ended. */
  state?: 'firing' | 'resolved'
  /** The alert of a single event; `subject_kind` is `key` for an access key that expires. */
  alert: {
    id: string
    condition: string
    state: 'firing' | 'resolved'
    subject_kind: 'device' | 'key'
    subject_id: string
    subject_name: string
    started_at: string
    resolved_at: string | null
  } | null
}

/**
 * The shape of a webhook URL the console checks as it is typed: absolute http(s), a host, no user
 * or password, no fragment. Plain http, and which hosts may be reached, the server decides
 * (`WEBHOOKS_ALLOW_PRIVATE`).
 */
export function webhookUrlRule(value: string): true | MessageKey {
  if (value.trim().length === 0) return 'validation.required'
  if (value.length > WEBHOOK_URL_MAX) return 'validation.tooLong'
  if (LONE_SURROGATE.test(value)) return 'validation.characters'
  if (/[\s\u0000-\u001F\u007F]/.test(value) || !/^https?:\/\//i.test(value)) return 'webhooks.urlShape'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'webhooks.urlShape'
  }
  if (url.username || url.password || !url.hostname || url.hash || value.includes('#')) return 'webhooks.urlShape'
  return true
}

/** A webhook URL as typed, spaces around it dropped. */
export const WebhookUrl = described(coerce(refine(string(), 'webhookUrl', webhookUrlRule), string(), (value) => value.trim()), {
  type: 'string',
  format: 'uri',
  minLength: 1,
  maxLength: WEBHOOK_URL_MAX,
  description: 'An absolute https URL (http and private addresses only where the server allows them), with no user, password or fragment.',
})

export const WebhookInput = object({
  name: Text(LIMITS.name),
  url: WebhookUrl,
  enabled: defaulted(boolean(), true),
  description: defaulted(OptionalText(WEBHOOK_DESCRIPTION_MAX), ''),
})
export type WebhookInput = Infer<typeof WebhookInput>

export const WEBHOOKS_PATH = '/webhooks'
