import {
  ALERT_CONDITIONS,
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
import { activeMembersAmong, alertRulesOf, webhooksAmong } from '../db/alerts/rules'
import { isDeviceOf } from '../db/devices'
import type { AnyDb } from '../db/open'
import { fieldMessage, message } from '../messages'
import { Problem } from '../problem'
import type { CollectionModule, WriteContext } from '../collections/engine'

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
    if (!(await isDeviceOf(ctx.db, organizationId, input.device_id!))) throw invalidInput({ device_id: 'fields.device' })
  }
  const users = [...new Set(input.user_ids)]
  if (users.length) {
    const members = await activeMembersAmong(ctx.db, organizationId, users)
    if (members.length !== users.length) throw invalidInput({ user_ids: 'validation.invalid' })
  }
  // Another organization's webhook reads as not there, as a missing one does.
  const hooks = [...new Set(input.webhook_ids ?? [])]
  if (hooks.length) {
    const found = await webhooksAmong(ctx.db, organizationId, hooks)
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
    right: 'alerts',
    table: 'alert_rules',
    cap: 'alert_rules',
    list: {
      search: ['t.name', 't.tag', 'd.name'],
      sort: { name: 't.name', condition: 't.condition', target: 't.target', created_at: 't.created_at', updated_at: 't.updated_at' },
      defaultSort: { sort: 'name', order: 'asc' },
      filters: { condition: { column: 't.condition', values: ALERT_CONDITIONS }, target: { column: 't.target', values: ALERT_TARGETS } },
    },
    select: alertRulesOf,
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
