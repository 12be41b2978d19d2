import { WebhookInput, type DeliveryError, type Webhook } from '../../contract/webhooks'
import type { FieldErrors, MessageKey } from '../../contract/validation'
import { fieldMessage, message } from '../messages'
import { Problem } from '../problem'
import { newWebhookSecret } from './secrets'
import { webhookUrlAllowed } from './address'
import type { Webhooks } from './service'
import { rulesCalling, setRuleWebhooks, storeSealedSecret, webhooksOf } from '../db/webhooks'
import type { CollectionModule, WriteContext } from '../collections/engine'

type Row = Record<string, unknown>

/** The refusal of a write with fields at fault, each with its message. */
const invalidInput = (errors: FieldErrors) =>
  new Problem('invalid', message('invalidInput'), Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, fieldMessage(key as MessageKey)])))

/** The row of a webhook as its record: the secret never leaves, the last try is summed up. */
export function webhookOf(row: Row): Webhook {
  return {
    id: String(row.id),
    name: String(row.name),
    url: String(row.url),
    enabled: Number(row.enabled) === 1,
    description: String(row.description ?? ''),
    disabled_reason: row.disabled_reason === 'failing' ? 'failing' : null,
    failing_since: row.failing_since === null || row.failing_since === undefined ? null : String(row.failing_since),
    last_delivery:
      row.last_delivery_at === null || row.last_delivery_at === undefined
        ? null
        : {
            at: String(row.last_delivery_at),
            ok: Number(row.last_delivery_ok) === 1,
            status_code: row.last_status_code === null ? null : Number(row.last_status_code),
            error: row.last_error === null ? null : (String(row.last_error) as DeliveryError),
          },
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  }
}

/**
 * A deleted webhook leaves the rules that called it, in the same transaction: a rule never names
 * a webhook that is not there (its next edit would be refused for it). Each rule changed is a new
 * version, told to open consoles.
 */
async function forget(ctx: WriteContext, webhookId: string) {
  const organizationId = ctx.principal.organizationId
  const rules = await rulesCalling(ctx.db, organizationId, webhookId)
  for (const rule of rules) {
    const kept = (JSON.parse(rule.webhook_ids) as string[]).filter((id) => id !== webhookId)
    const version = await setRuleWebhooks(ctx.db, organizationId, rule.id, kept, ctx.now)
    if (version !== undefined) ctx.later(() => ctx.services.hub.publish(organizationId, 'change', { collection: 'alert_rules', id: rule.id, action: 'update', version }))
  }
}

/**
 * Webhooks: records like the others (list, search on name, versions, audit under the right
 * `alerts`), read by holders of `devices` too. The signing secret is made on create and answered
 * once; the row keeps it sealed with the server's key, bound to the webhook's id, which the engine
 * gives only once the row exists: the create writes a placeholder and seals it in `afterWrite`,
 * in the same transaction.
 */
export function webhooks(service: Webhooks): CollectionModule<Webhook, WebhookInput> {
  const made = new WeakMap<object, string>()
  const checkUrl = (input: WebhookInput) => {
    const verdict = webhookUrlAllowed(input.url, service.policy())
    if (verdict !== true) throw invalidInput({ url: verdict })
  }
  return {
    name: 'webhooks',
    right: 'alerts',
    table: 'webhooks',
    cap: 'webhooks',
    list: {
      search: ['t.name'],
      sort: { name: 't.name', created_at: 't.created_at', updated_at: 't.updated_at' },
      defaultSort: { sort: 'name', order: 'asc' },
      filters: {},
    },
    select: (db, organizationId) => webhooksOf(db, organizationId),
    toRecord: webhookOf,
    create: {
      schema: WebhookInput,
      row: async (input) => {
        checkUrl(input)
        const secret = newWebhookSecret()
        made.set(input, secret)
        return {
          values: { name: input.name, url: input.url, enabled: input.enabled ? 1 : 0, description: input.description, secret_sealed: '' },
          reveal: { secret },
        }
      },
    },
    update: {
      schema: WebhookInput,
      row: async (input, _ctx, current) => {
        checkUrl(input)
        // Turned on again by hand: it starts afresh, failures forgotten.
        const restarted = input.enabled && !current.enabled
        return {
          name: input.name,
          url: input.url,
          enabled: input.enabled ? 1 : 0,
          description: input.description,
          ...(restarted || input.enabled ? { disabled_reason: null } : {}),
          ...(restarted ? { failing_since: null } : {}),
        }
      },
    },
    afterWrite: async (ctx, done) => {
      if (done.action === 'delete' && done.before) return forget(ctx, done.before.id)
      if (done.action !== 'create' || !done.after || !done.input) return
      const secret = made.get(done.input as object)
      if (!secret) throw new Error('A webhook was made without its secret')
      await storeSealedSecret(ctx.db, ctx.principal.organizationId, done.after.id, service.box.seal(done.after.id, secret))
    },
  }
}
