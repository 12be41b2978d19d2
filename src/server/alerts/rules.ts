import {
  ALERT_CONDITIONS,
  ALERT_EMAIL_STATES,
  ALERT_TARGETS,
  AlertRuleInput,
  type AlertCondition,
  type AlertLanguage,
  type AlertMetric,
  type AlertRule,
  type AlertTarget,
} from '../../contract/alerts'
import type { FieldErrors, MessageKey } from '../../contract/validation'
import { askOutside, emailStates } from './recipients'
import type { AnyDb } from '../db/open'
import { fieldMessage, message } from '../messages'
import { Problem } from '../problem'
import type { CollectionModule, WriteContext } from '../collections/engine'
import { list, obj, oneOf, orNull as nullOr, record, str } from '../openapi/shapes'

type Row = Record<string, unknown>

/** The refusal of a write with fields at fault, each with its message. */
const invalidInput = (errors: FieldErrors) =>
  new Problem('invalid', message('invalidInput'), Object.fromEntries(Object.entries(errors).map(([name, key]) => [name, fieldMessage(key as MessageKey)])))

const parseList = (json: unknown): string[] => {
  try {
    const list: unknown = JSON.parse(String(json))
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

const orNull = <T>(value: unknown, as: (value: unknown) => T): T | null => (value === null || value === undefined ? null : as(value))

/** The row of a rule as its record: lists parsed, flags made booleans, the target device named. */
export function ruleOf(row: Row): AlertRule {
  return {
    id: String(row.id),
    name: String(row.name),
    enabled: Number(row.enabled) === 1,
    target: String(row.target) as AlertTarget,
    tag: orNull(row.tag, String),
    device_id: orNull(row.device_id, String),
    device_name: orNull(row.device_name, String),
    condition: String(row.condition) as AlertCondition,
    grace_s: Number(row.grace_s),
    metric: orNull(row.metric, String) as AlertMetric | null,
    threshold: orNull(row.threshold, Number),
    duration_s: Number(row.duration_s),
    days: orNull(row.days, Number),
    user_ids: parseList(row.user_ids),
    emails: parseList(row.emails),
    // Filled by `withStates`: where each address stands is the organization's, not the row's.
    email_states: [],
    webhook_ids: parseList(row.webhook_ids),
    repeat_s: Number(row.repeat_s),
    language: String(row.language) as AlertLanguage,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  }
}

/** Rules with the state of each of their addresses for the organization (one query for a page). */
async function withStates(db: AnyDb, organizationId: string, rules: AlertRule[]): Promise<AlertRule[]> {
  const states = await emailStates(db, organizationId, rules.flatMap((rule) => rule.emails))
  return rules.map((rule) => ({ ...rule, email_states: rule.emails.map((email) => ({ email, state: states.get(email) ?? 'pending' })) }))
}

/**
 * Checks what one field cannot tell alone: the target's tag or device, the condition's metric,
 * threshold or days, at least one recipient; then that the device and the users are of the
 * caller's organization (anything else reads as not there, as a tunnel's device does).
 */
async function checkRule(ctx: WriteContext, input: AlertRuleInput): Promise<void> {
  const errors: FieldErrors = {}
  if (input.target === 'tag' && !input.tag) errors.tag = 'validation.required'
  if (input.target === 'device' && !input.device_id) errors.device_id = 'validation.required'
  if (input.condition === 'metric') {
    if (!input.metric) errors.metric = 'validation.required'
    if (input.threshold === null || input.threshold === undefined) errors.threshold = 'validation.required'
  }
  if (input.condition === 'key_expiring' && !input.days) errors.days = 'validation.required'
  if (!input.user_ids.length && !input.emails.length && !input.webhook_ids?.length) errors.emails = 'validation.required'
  if (Object.keys(errors).length) throw invalidInput(errors)
  const organizationId = ctx.principal.organizationId
  if (input.target === 'device') {
    const found = await ctx.db.selectFrom('devices').select('id').where('id', '=', input.device_id!).where('organization_id', '=', organizationId).executeTakeFirst()
    if (!found) throw invalidInput({ device_id: 'fields.device' })
  }
  const users = [...new Set(input.user_ids)]
  if (users.length) {
    const members = await ctx.db
      .selectFrom('members')
      .select('user_id')
      .where('organization_id', '=', organizationId)
      .where('user_id', 'in', users)
      .where('status', '=', 'active')
      .execute()
    if (members.length !== users.length) throw invalidInput({ user_ids: 'validation.invalid' })
  }
  // Another organization's webhook reads as not there, as a missing one does.
  const hooks = [...new Set(input.webhook_ids ?? [])]
  if (hooks.length) {
    const found = await ctx.db.selectFrom('webhooks').select('id').where('organization_id', '=', organizationId).where('id', 'in', hooks).execute()
    if (found.length !== hooks.length) throw invalidInput({ webhook_ids: 'webhooks.webhook' })
  }
}

/** The columns of a checked rule: only what its target and condition use is kept. */
function columnsOf(input: AlertRuleInput): Row {
  return {
    name: input.name,
    enabled: input.enabled ? 1 : 0,
    target: input.target,
    tag: input.target === 'tag' ? input.tag!.trim() : null,
    device_id: input.target === 'device' ? input.device_id : null,
    condition: input.condition,
    grace_s: input.grace_s,
    metric: input.condition === 'metric' ? input.metric : null,
    threshold: input.condition === 'metric' ? input.threshold : null,
    duration_s: input.duration_s,
    days: input.condition === 'key_expiring' ? input.days : null,
    user_ids: JSON.stringify([...new Set(input.user_ids)]),
    emails: JSON.stringify([...new Set(input.emails.map((email) => email.trim().toLowerCase()))]),
    repeat_s: input.repeat_s,
    language: input.language,
    ...(input.webhook_ids ? { webhook_ids: JSON.stringify([...new Set(input.webhook_ids)]) } : {}),
  }
}

/**
 * Alert rules: records like the others (list, search, versions, audit under the right `alerts`),
 * read by holders of `devices` too. A change is told to the evaluator so it reads the rules afresh.
 */
export function alertRules(onChange: (organizationId: string) => void = () => undefined): CollectionModule<AlertRule, AlertRuleInput> {
  return {
    name: 'alert_rules',
    docs: {
      noun: 'alert rule',
      tag: 'Alerts',
      description:
        'Alert rules, written with the right `alerts` and read with `alerts` or `devices`. `target` is `all`, `tag` (with `tag`) or `device` (with `device_id`); `condition` is `offline`, `online`, `error`, `metric` (`metric` above `threshold` for `duration_s`) or `key_expiring` (within `days`). A rule mails `user_ids` and `emails`, at least one, in `language`, at most every `repeat_s`. An address of `emails` that is not an active member\'s is mailed a request once and gets alert mail only once it confirmed (`email_states`: `member`, `pending`, `confirmed` or `refused`); a day\'s new requests are limited per organization (429).',
      record: record(AlertRuleInput, { device_name: nullOr(str), email_states: list(obj({ email: str, state: oneOf(ALERT_EMAIL_STATES) })) }),
      example: { name: 'Offline', target: 'all', condition: 'offline', emails: ['ops@example.com'] },
      writeAnswers: { 429: { description: 'The organization asked its new addresses of the day to confirm already.', headers: ['Retry-After'] } },
    },
    right: 'alerts',
    table: 'alert_rules',
    cap: 'alert_rules',
    list: {
      search: ['t.name', 't.tag', 'd.name'],
      sort: { name: 't.name', condition: 't.condition', target: 't.target', created_at: 't.created_at', updated_at: 't.updated_at' },
      defaultSort: { sort: 'name', order: 'asc' },
      filters: { condition: { column: 't.condition', values: ALERT_CONDITIONS }, target: { column: 't.target', values: ALERT_TARGETS } },
    },
    select: (db, organizationId) =>
      db
        .selectFrom('alert_rules as t')
        .leftJoin('devices as d', (join) => join.onRef('d.id', '=', 't.device_id').onRef('d.organization_id', '=', 't.organization_id'))
        .selectAll('t')
        .select('d.name as device_name')
        .where('t.organization_id', '=', organizationId),
    toRecord: ruleOf,
    load: withStates,
    create: {
      schema: AlertRuleInput,
      row: async (input, ctx) => {
        await checkRule(ctx, input)
        const values = columnsOf(input)
        await askOutside(ctx, parseList(values.emails), input.language)
        return { values: { webhook_ids: '[]', ...values } }
      },
    },
    update: {
      schema: AlertRuleInput,
      row: async (input, ctx, current) => {
        // Webhooks left out of an edit stay as they are, and count as its recipients.
        const whole = { ...input, webhook_ids: input.webhook_ids ?? current.webhook_ids }
        await checkRule(ctx, whole)
        const values = columnsOf(whole)
        await askOutside(ctx, parseList(values.emails), whole.language)
        return values
      },
    },
    afterWrite: async (ctx) => {
      ctx.later(() => onChange(ctx.principal.organizationId))
    },
  }
}
