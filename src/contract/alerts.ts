import { array, boolean, enums, object, type Infer } from 'superstruct'
import { defaulted, nullable, optional, size } from './json-schema'
import type { BaseRecord } from './collections'
import { Between, Note } from './record-fields'
import { Email, field, LIMITS, Text } from './validation'

/** Which devices a rule watches: every device of the organization, those carrying a tag, or one. */
export const ALERT_TARGETS = ['all', 'tag', 'device'] as const
export type AlertTarget = (typeof ALERT_TARGETS)[number]

/**
 * What a rule watches for: silence past the grace time, a device coming back, a heartbeat reporting
 * `error`, a metric past its threshold for a duration, an access key that expires soon.
 */
export const ALERT_CONDITIONS = ['offline', 'online', 'error', 'metric', 'key_expiring'] as const
export type AlertCondition = (typeof ALERT_CONDITIONS)[number]

/** The metrics a rule compares: CPU and memory in percent, latency in milliseconds. */
export const ALERT_METRICS = ['cpu', 'memory', 'latency'] as const
export type AlertMetric = (typeof ALERT_METRICS)[number]

/** The languages alert mails are written in. */
export const ALERT_LANGUAGES = ['en', 'de', 'id', 'es', 'zh', 'ar'] as const
export type AlertLanguage = (typeof ALERT_LANGUAGES)[number]

/** Defaults: a reboot is no alert, and a firing alert is mailed again hourly at most. */
export const DEFAULT_GRACE_S = 300
export const DEFAULT_REPEAT_S = 3600
export const DEFAULT_DURATION_S = 300

/** Bounds of a rule: enough for any real use, small enough that one rule cannot flood a mailer. */
export const ALERT_LIMITS = {
  minGraceS: 30,
  maxGraceS: 7 * 86400,
  minRepeatS: 60,
  maxRepeatS: 30 * 86400,
  maxDurationS: 86400,
  maxDays: 365,
  maxUsers: 50,
  maxEmails: 20,
  maxWebhooks: 5,
  note: 500,
  /** New outside addresses an organization may ask to confirm in a day (each is mailed once). */
  confirmationsPerDay: 20,
  /** Days a confirmation link works. */
  confirmDays: 7,
} as const

/**
 * Where an address a rule names stands: a member's (an active member of the organization) is
 * mailed as it is; any other is asked once, mailed only once `confirmed`, never again once `refused`.
 */
export const ALERT_EMAIL_STATES = ['member', 'pending', 'confirmed', 'refused'] as const
export type AlertEmailState = (typeof ALERT_EMAIL_STATES)[number]

/** Default of the alert mails an organization sends in an hour (`ALERT_MAILS_PER_HOUR`). */
export const DEFAULT_ALERT_MAILS_PER_HOUR = 200

/** A grouped mail names at most this many devices, then says how many more. */
export const GROUPED_LIST_MAX = 20

export interface AlertRule extends BaseRecord {
  name: string
  enabled: boolean
  target: AlertTarget
  /** The tag of a `tag` rule; null otherwise. */
  tag: string | null
  /** The device of a `device` rule; null otherwise. */
  device_id: string | null
  device_name: string | null
  condition: AlertCondition
  /** Seconds of silence before an `offline` rule fires. */
  grace_s: number
  metric: AlertMetric | null
  /** The value a `metric` rule's metric must stay above for `duration_s`. */
  threshold: number | null
  duration_s: number
  /** Days before expiry a `key_expiring` rule fires. */
  days: number | null
  /** Users of the organization to mail, by id. */
  user_ids: string[]
  /** Other addresses to mail. */
  emails: string[]
  /** Each of `emails` and where it stands: an outside address gets alert mail once it confirmed. */
  email_states: { email: string; state: AlertEmailState }[]
  /** Webhooks of the organization that receive each notification, by id. */
  webhook_ids: string[]
  /** Seconds between two mails of one device's firing alert. */
  repeat_s: number
  language: AlertLanguage
}

const Id = field('id', 64)
const Tag = field('tag', 32, (value) => /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(value.trim()) || 'fields.tag')

/**
 * A rule as a person writes it. Which of `tag`, `device_id`, `metric`, `threshold` and `days` is
 * needed follows from `target` and `condition`; the server says which one is missing.
 */
export const AlertRuleInput = object({
  name: Text(LIMITS.name),
  enabled: defaulted(boolean(), true),
  target: enums(ALERT_TARGETS),
  tag: optional(nullable(Tag)),
  device_id: optional(nullable(Id)),
  condition: enums(ALERT_CONDITIONS),
  grace_s: defaulted(Between(ALERT_LIMITS.minGraceS, ALERT_LIMITS.maxGraceS, true), DEFAULT_GRACE_S),
  metric: optional(nullable(enums(ALERT_METRICS))),
  threshold: optional(nullable(Between(0, 60_000))),
  duration_s: defaulted(Between(0, ALERT_LIMITS.maxDurationS, true), DEFAULT_DURATION_S),
  days: optional(nullable(Between(1, ALERT_LIMITS.maxDays, true))),
  user_ids: defaulted(size(array(Id), 0, ALERT_LIMITS.maxUsers), []),
  emails: defaulted(size(array(Email), 0, ALERT_LIMITS.maxEmails), []),
  /** Left out of an edit, the rule keeps its webhooks (a form that does not show them cannot drop them). */
  webhook_ids: optional(size(array(Id), 0, ALERT_LIMITS.maxWebhooks)),
  repeat_s: defaulted(Between(ALERT_LIMITS.minRepeatS, ALERT_LIMITS.maxRepeatS, true), DEFAULT_REPEAT_S),
  language: defaulted(enums(ALERT_LANGUAGES), 'en'),
})
export type AlertRuleInput = Infer<typeof AlertRuleInput>

/** Where an alert stands: firing now, or resolved. */
export type AlertState = 'firing' | 'resolved'

/** One episode of a rule's condition holding for one device (or access key), as `GET /alerts` lists it. */
export interface Alert {
  id: string
  rule_id: string
  rule_name: string
  condition: AlertCondition
  /** `device` or `key` (an access key of a `key_expiring` rule). */
  subject_kind: 'device' | 'key'
  subject_id: string
  subject_name: string
  state: AlertState
  fired_at: string
  resolved_at: string | null
  last_notified_at: string | null
  notified_count: number
  acked_at: string | null
  acked_by: string | null
  ack_note: string | null
}

/** `POST /alerts/{id}/ack`. */
export const AlertAck = object({ note: defaulted(Note(ALERT_LIMITS.note), '') })
export type AlertAck = Infer<typeof AlertAck>

/** `POST /alerts/mutes`: no mail for a rule, a device or one device under one rule until a time. */
export const AlertMuteInput = object({
  rule_id: optional(nullable(Id)),
  device_id: optional(nullable(Id)),
  until: field('until', 40),
  note: defaulted(Note(ALERT_LIMITS.note), ''),
})
export type AlertMuteInput = Infer<typeof AlertMuteInput>

export interface AlertMute {
  id: string
  rule_id: string | null
  device_id: string | null
  until: string
  note: string
  created_at: string
  /** The names of the rule and the device, as they are now (the list names them; null when none or gone). */
  rule_name?: string | null
  device_name?: string | null
}

/** `GET /alerts/mail`: the organization's alert mail this hour against its limit, and what waits. */
export interface AlertMailUsage {
  limit: number
  sent: number
  /** Alerts whose mail waits for the next hour, to go out as one mail per rule. */
  held: number
  /** When this hour's count ends; null when nothing was sent within the hour. */
  window_ends_at: string | null
}

/** `GET|POST /alert-mail`: where an outside address confirms or refuses a rule's mail (no sign-in, a mailed token). */
export const ALERT_ANSWER_PATH = '/alert-mail'

export { ALERT_MAIL_PATH, ALERTS_PATH } from './paths'
