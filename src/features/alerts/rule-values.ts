import { AlertRuleInput, DEFAULT_DURATION_S, DEFAULT_GRACE_S, DEFAULT_REPEAT_S, type AlertRule } from '../../contract/alerts'
import { check } from '../../contract/validation'
import type { FormErrors } from '../../ui/use-form'

/**
 * A rule as the form holds it: numbers as typed (null while empty), the extra addresses as one
 * text.
 */
export type RuleValues = {
  name: string
  enabled: boolean
  target: string
  tag: string
  device_id: string
  condition: string
  grace_s: number | null
  metric: string
  threshold: number | null
  duration_s: number | null
  days: number | null
  user_ids: readonly string[]
  emails: string
  webhook_ids: readonly string[]
  repeat_s: number | null
  language: string
}

export const NEW_RULE: RuleValues = {
  name: '',
  enabled: true,
  target: 'all',
  tag: '',
  device_id: '',
  condition: 'offline',
  grace_s: DEFAULT_GRACE_S,
  metric: '',
  threshold: null,
  duration_s: DEFAULT_DURATION_S,
  days: 14,
  user_ids: [],
  emails: '',
  webhook_ids: [],
  repeat_s: DEFAULT_REPEAT_S,
  language: 'en',
}

export const toValues = (rule: AlertRule): RuleValues => ({
  name: rule.name,
  enabled: rule.enabled,
  target: rule.target,
  tag: rule.tag ?? '',
  device_id: rule.device_id ?? '',
  condition: rule.condition,
  grace_s: rule.grace_s,
  metric: rule.metric ?? '',
  threshold: rule.threshold,
  duration_s: rule.duration_s,
  days: rule.days ?? NEW_RULE.days,
  user_ids: rule.user_ids,
  emails: rule.emails.join('\n'),
  webhook_ids: rule.webhook_ids ?? [],
  repeat_s: rule.repeat_s,
  language: rule.language,
})

/** The addresses typed one a line or separated by commas or spaces. */
export const splitEmails = (text: string) => text.split(/[\s,;]+/).filter(Boolean)

/**
 * What is sent: only what the target and the condition use (a tag for a tag rule, a metric for a
 * metric rule…), so a field hidden by the form never refuses the rule.
 */
export function inputOf(values: RuleValues) {
  const { target, condition } = values
  return {
    name: values.name,
    enabled: values.enabled,
    target,
    tag: target === 'tag' ? values.tag : null,
    device_id: target === 'device' ? values.device_id || null : null,
    condition,
    grace_s: values.grace_s,
    metric: condition === 'metric' ? values.metric || null : null,
    threshold: condition === 'metric' ? values.threshold : null,
    duration_s: condition === 'metric' ? values.duration_s : (values.duration_s ?? DEFAULT_DURATION_S),
    days: condition === 'key_expiring' ? values.days : null,
    user_ids: values.user_ids,
    emails: splitEmails(values.emails),
    webhook_ids: values.webhook_ids,
    repeat_s: values.repeat_s,
    language: values.language,
  }
}

/**
 * The contract's checks of each field, with an `emails.2` failure put on the addresses' field,
 * and what the server checks across fields: the tag, device, metric, threshold or days the
 * target and condition ask for, and someone to tell (a user, an address or a webhook).
 */
export function validateRule(values: RuleValues): FormErrors {
  const input = inputOf(values)
  const checked = check(AlertRuleInput, input)
  const errors: FormErrors = {}
  if (!checked.ok) for (const [path, message] of Object.entries(checked.errors)) errors[path.split('.')[0]!] ??= message
  const required = 'validation.required'
  if (input.target === 'tag' && !input.tag?.trim()) errors.tag ??= required
  if (input.target === 'device' && !input.device_id) errors.device_id ??= required
  if (input.condition === 'metric' && !input.metric) errors.metric ??= required
  if (input.condition === 'metric' && input.threshold === null) errors.threshold ??= required
  if (input.condition === 'key_expiring' && input.days === null) errors.days ??= required
  if (!input.user_ids.length && !input.emails.length && !input.webhook_ids.length) errors.emails ??= required
  return errors
}
