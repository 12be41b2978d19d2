import type { Alert, AlertRule } from '../../../../src/contract/alerts'

let n = 0

/** An alert firing for five and a half minutes ("5 min ago", a second either way) on a device, not yet acknowledged. */
export function createAlert(overrides: Partial<Alert> = {}): Alert {
  n += 1
  return {
    id: `a-${n}`,
    rule_id: 'r-1',
    rule_name: 'Site dark',
    condition: 'offline',
    subject_kind: 'device',
    subject_id: 'd-1',
    subject_name: 'gate-1',
    state: 'firing',
    fired_at: new Date(Date.now() - 330_000).toISOString(),
    resolved_at: null,
    last_notified_at: null,
    notified_count: 1,
    acked_at: null,
    acked_by: null,
    ack_note: null,
    ...overrides,
  }
}

/** An offline rule on every device, mailing one address. */
export function createRule(overrides: Partial<AlertRule> = {}): AlertRule {
  n += 1
  const at = new Date().toISOString()
  return {
    id: `r-${n}`,
    name: 'All dark',
    enabled: true,
    target: 'all',
    tag: null,
    device_id: null,
    device_name: null,
    condition: 'offline',
    grace_s: 300,
    metric: null,
    threshold: null,
    duration_s: 300,
    days: null,
    webhook_ids: [],
    user_ids: [],
    emails: ['ops@example.com'],
    email_states: [{ email: 'ops@example.com', state: 'confirmed' }],
    repeat_s: 3600,
    language: 'en',
    created_at: at,
    updated_at: at,
    version: 1,
    ...overrides,
  }
}
