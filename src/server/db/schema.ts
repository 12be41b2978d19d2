import type { ColumnType } from 'kysely'

/**
 * Row types of the database. Ids are random UUIDs as text, timestamps ISO-8601 text (UTC), flags
 * integers 0/1 and lists JSON text, so the same schema runs on SQLite and PostgreSQL.
 */
export interface OrganizationRow {
  id: string
  name: string
  plan: string
  created_at: string
  updated_at: string
  version: number
}

export type UserStatus = 'active' | 'invited' | 'disabled'

export interface UserRow {
  id: string
  /** Always stored lower-cased. */
  email: string
  name: string
  avatar: string
  password_hash: string
  status: UserStatus
  created_at: string
  updated_at: string
  last_sign_in: string | null
  version: number
  /** Online, idle, bussy (spelt so; it reads Busy) or offline; the user picks it. */
  presence: string
}

export interface RoleRow {
  id: string
  organization_id: string
  name: string
  description: string
  /** JSON array of rights. */
  rights: string
  builtin: number
  created_at: string
  updated_at: string
  version: number
}

export interface MembershipRow {
  id: string
  user_id: string
  organization_id: string
  role_id: string
  /** 1 on the memberships of the organization the user works in. */
  current: number
  created_at: string
}

export interface TokenRow {
  id: string
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string
  user_id: string
  created_at: string
  revoked_at: string | null
  /** Updated at most once a minute, with `idle_until`. */
  last_used_at: string
  /** The session ends when unused until then: last use plus `idle_seconds`. */
  idle_until: string
  /** The absolute end of the session, whatever its use. */
  expires_at: string
  idle_seconds: number
  /** 1 when "Remember me" was ticked: the long limits apply. */
  remember: number
  /** How the session began: `password`, `invitation`, or a social provider's name. */
  method: string
  ip: string
  user_agent: string
}

export interface PasswordResetRow {
  id: string
  token_hash: string
  user_id: string
  created_at: string
  expires_at: string
  used_at: string | null
}

/** Attempts counted under one key (a hash of the rule and who tries) in a fixed window. */
export interface ThrottleRow {
  key: string
  window_start: string
  hits: number
}

/** A provider account (`provider` + its `subject`) that signs in as a user. */
export interface IdentityRow {
  id: string
  provider: string
  subject: string
  user_id: string
  /** The address the provider gave when the account was linked. */
  email: string
  created_at: string
}

/** A provider sign-in under way: its `state` (hashed), PKCE verifier and where to go after. */
export interface OAuthStateRow {
  id: string
  state_hash: string
  provider: string
  verifier: string
  redirect_uri: string
  next: string
  /** Hash of the cookie of the browser that started the flow. */
  browser_hash: string
  created_at: string
  expires_at: string
  used_at: string | null
}

/** The single-use code a finished provider sign-in trades for a token. */
export interface OAuthCodeRow {
  id: string
  code_hash: string
  user_id: string
  /** 1 when the sign-in created the account. */
  created_account: number
  /** The provider that signed the user in, for the sessions list. */
  provider: string
  created_at: string
  expires_at: string
  used_at: string | null
}

export interface DeviceRow {
  id: string
  organization_id: string
  name: string
  serial: string
  model: string
  status: string
  ip: string
  firmware: string
  /** The operating system the device last reported; '' until then. */
  os: ColumnType<string, string | undefined, string>
  location: string
  /** JSON array of strings. */
  tags: string
  /** The tags joined by spaces, for search. */
  tags_text: string
  /** 1, or 0 while the device is disabled (its heartbeats refused); 1 unless written. */
  enabled: ColumnType<number, number | undefined, number>
  last_seen: string | null
  /** The enrollment key the device joined with; null when made by hand. */
  enrolled_by: ColumnType<string | null, string | null | undefined, string | null>
  /** 1 when its key was ephemeral: removed after a time without a heartbeat. */
  ephemeral: ColumnType<number, number | undefined, number>
  created_at: string
  updated_at: string
  version: number
}

/** A key a device enrolls with: `enk_` and 8 characters find it, the rest is only hashed. */
export interface EnrollmentKeyRow {
  id: string
  organization_id: string
  name: string
  prefix: string
  secret_hash: string
  max_uses: number
  uses: number
  expires_at: string
  /** JSON array of the tags it gives its devices. */
  tags: string
  location: string
  model: string
  approve: number
  ephemeral: number
  last_used_at: string | null
  revoked_at: string | null
  created_by: string | null
  /** The access key it was made with: it works only while that key (and the chain that made it) does. */
  made_by_key: string | null
  created_at: string
  updated_at: string
  version: number
}

/** A device's own credential: `edc_` and 8 characters find it, the rest is only hashed. */
export interface DeviceCredentialRow {
  id: string
  organization_id: string
  device_id: string
  prefix: string
  secret_hash: string
  created_at: string
  expires_at: string
  last_used_at: string | null
  revoked_at: string | null
  /** When a renewal replaced it: it works `CREDENTIAL_GRACE_S` from then. */
  replaced_at: string | null
}

export interface TunnelRow {
  id: string
  organization_id: string
  device_id: string
  name: string
  protocol: string
  /** The host the device's agent connects to: `127.0.0.1` unless given. */
  target_host: ColumnType<string, string | undefined, string>
  local_port: number
  public_endpoint: string
  enabled: number
  created_at: string
  updated_at: string
  version: number
}

/** A device's agent linked to a server process (its WebSocket); the row goes when the link ends. */
export interface DeviceLinkRow {
  device_id: string
  organization_id: string
  /** The process holding the link (`processId` of the server), so another process can tell. */
  process_id: string
  linked_at: string
}

/**
 * What lets a browser into an HTTP tunnel, kept only as a hash: a one-time `ticket` made by the
 * console for a member, traded for a `cookie` pass scoped to the tunnel's path.
 */
export interface TunnelPassRow {
  hash: string
  kind: 'ticket' | 'cookie'
  tunnel_id: string
  organization_id: string
  user_id: string
  expires_at: string
  /** A ticket's: the cookie pass it becomes ends by then at the latest (the session's end); null for a cookie. */
  pass_until: ColumnType<string | null, string | null | undefined, string | null>
  created_at: string
}

/** One request or connection through a tunnel (its inspector); bodies are never kept. */
export interface TunnelRequestRow {
  id: string
  organization_id: string
  tunnel_id: string
  at: string
  kind: string
  method: string
  path: string
  status: number
  duration_ms: number
  bytes_in: number
  bytes_out: number
  client_ip: string
  error: string
}

/** Bytes carried through a tunnel in an hour, metered by the console (not reported by the device). */
export interface TunnelTrafficRow {
  organization_id: string
  tunnel_id: string
  device_id: string
  /** The hour's start, ISO. */
  hour: string
  bytes_in: number
  bytes_out: number
}

export interface AccessKeyRow {
  id: string
  organization_id: string
  created_by: string | null
  name: string
  /** `edk_` and 8 characters: finds the key; the rest of the key is only hashed. */
  prefix: string
  secret_hash: string
  /** JSON array of rights. */
  scopes: string
  expires_at: string | null
  last_used_at: string | null
  revoked_at: string | null
  /** The key this key was made with; null when a person made it. */
  made_by_key: string | null
  created_at: string
  updated_at: string
  version: number
}

export interface HeartbeatRow {
  device_id: string
  organization_id: string
  at: string
  /** Each metric null where the beat did not carry it. */
  latency_ms: number | null
  bytes_in: number | null
  bytes_out: number | null
  cpu: number | null
  memory: number | null
  /** The status the heartbeat reported (`online` or `error`); only `online` counts as online. */
  status: ColumnType<string, string | undefined, string>
}

/**
 * Heartbeats summed per organization and bucket at one grain (`step_seconds` 60, 300 or 3600).
 * `latency` is a JSON array of counts per histogram bucket (`src/server/metrics/histogram.ts`).
 */
export interface MetricRollupRow {
  organization_id: string
  step_seconds: number
  bucket: string
  samples: number
  /** Distinct devices that reported online in the bucket. */
  online: number
  /** Summed over the beats that carried them. */
  bytes_in: number
  bytes_out: number
  /** Beats of the bucket that carried no bytes in (out): when all lacked them, the bucket has no reading. */
  bytes_in_missing: ColumnType<number, number | undefined, number>
  bytes_out_missing: ColumnType<number, number | undefined, number>
  latency: string
}

/** A device's traffic in one hour, for the ten devices with most traffic. */
export interface DeviceTrafficHourRow {
  organization_id: string
  hour: string
  device_id: string
  samples: number
  bytes_in: number
  bytes_out: number
  /** Start of the last minute of the hour in which the device reported online, folded so far. */
  last_online: string | null
}

/** How far a fold has read its source: `heartbeats` up to `folded_until` (excluded). */
export interface MetricFoldRow {
  name: string
  folded_until: string
}

/** A user's place in an organization; `memberships` hold the roles they have there. */
export interface MemberRow {
  id: string
  organization_id: string
  user_id: string
  status: UserStatus
  /** 1 on the organization the user works in now. */
  current: number
  created_at: string
  updated_at: string
  version: number
}

export interface InvitationRow {
  id: string
  organization_id: string
  user_id: string
  token_hash: string
  invited_by: string | null
  created_at: string
  expires_at: string
  used_at: string | null
}

/** One write of the organization's trail: who, what, which record, when and from where. */
export interface AuditEventRow {
  id: string
  organization_id: string
  at: string
  /** `user`, `key` or `app`. */
  actor_kind: string
  actor_id: string
  actor_name: string
  action: string
  collection: string
  record_id: string
  record_name: string
  /** JSON array of the fields a change touched. */
  fields: string
  /** JSON list of what the write changed per field (`AuditChange`); a secret only named. */
  changes: string
  ip: string
  user_agent: string
}

export interface AppIdRow {
  id: string
  organization_id: string
  created_by: string | null
  name: string
  client_id: string
  secret_hash: string
  /** JSON array of URIs. */
  redirect_uris: string
  /** JSON array of rights. */
  scopes: string
  rotated_at: string | null
  /** The key this app id was made with (through an app, the key that app was made with); null when a person made it. */
  made_by_key: string | null
  created_at: string
  updated_at: string
  version: number
}

/** A short-lived token of the client credentials grant. */
export interface AppTokenRow {
  id: string
  token_hash: string
  app_id: string
  organization_id: string
  scopes: string
  created_at: string
  expires_at: string
}

export interface SignInRow {
  id: string
  user_id: string
  /** The organization signed into; null when none (or not known, for sign-ins older than this column). */
  organization_id: string | null
  at: string
  method: string
  ip: string
  user_agent: string
}

export interface AvatarRow {
  user_id: string
  content_type: string
  bytes: Uint8Array
  updated_at: string
}

/** An invoice of a past month; `lines` is a JSON array of `InvoiceLine`. */
export interface InvoiceRow {
  id: string
  organization_id: string
  /** `YYYY-MM`. */
  period: string
  plan: string
  amount_cents: number
  currency: string
  lines: string
  issued_at: string
  status: string
  created_at: string
}

/** The card on record: never its number or its code. */
export interface PaymentMethodRow {
  organization_id: string
  brand: string
  last4: string
  exp_month: number
  exp_year: number
  name: string
  created_at: string
  updated_at: string
}

/** A plan change of an organization, at the time it was made. */
export interface PlanChangeRow {
  id: string
  organization_id: string
  at: string
  from_plan: string
  plan: string
}

/** An organization's last event id handed out (PostgreSQL's shared events). */
export interface EventCounterRow {
  organization_id: string
  last_id: number
  /** Its record changes so far: a list total counted before the last one is stale. */
  changes: ColumnType<number, number | undefined, number>
}

/** An event kept for streams to catch up on (PostgreSQL's shared events); `data` is its JSON. */
export interface EventRow {
  organization_id: string
  id: number
  type: string
  data: string
  at: string
}

/** Who runs a process-wide job (the sweeper, the offline sweep, the fold) until when. */
export interface LeaseRow {
  name: string
  holder: string
  until: string
}

/**
 * The kept answer of a write sent with an `Idempotency-Key`. `id` is the SHA-256 of the
 * organization, the caller and the key; `fingerprint` an HMAC of the request under a key derived
 * from the raw key; `answer` the answer sealed with AES-256-GCM under another (IV, ciphertext,
 * tag), null with `status` while the first request runs. The raw key is never stored.
 */
export interface IdempotencyKeyRow {
  id: string
  fingerprint: string
  /** Random per reservation: only the request that reserved the row completes or releases it. */
  holder: string
  status: number | null
  answer: Uint8Array | null
  created_at: string
}

/** A rule of the organization's alerts (`contract/alerts.ts`); lists are JSON text. */
export interface AlertRuleRow {
  id: string
  organization_id: string
  name: string
  enabled: number
  target: string
  tag: string | null
  device_id: string | null
  condition: string
  grace_s: number
  metric: string | null
  threshold: number | null
  duration_s: number
  days: number | null
  /** JSON array of user ids. */
  user_ids: string
  /** JSON array of addresses. */
  emails: string
  repeat_s: number
  language: string
  /** JSON array of webhook ids. */
  webhook_ids: string
  created_at: string
  updated_at: string
  version: number
}

/** One episode of a rule's condition on one device or access key; open while `resolved_at` is null. */
export interface AlertRow {
  id: string
  organization_id: string
  rule_id: string
  subject_kind: string
  subject_id: string
  subject_name: string
  condition: string
  /** When the condition began to hold (a device's last heartbeat, a metric's first crossing). */
  started_at: string
  /** Null while a metric rule waits out its duration. */
  fired_at: string | null
  resolved_at: string | null
  last_notified_at: string | null
  resolved_notified_at: string | null
  notified_count: number
  acked_at: string | null
  acked_by: string | null
  ack_note: string | null
}

/** No mail for a rule, a device, or a device under one rule, until `until`. */
export interface AlertMuteRow {
  id: string
  organization_id: string
  rule_id: string | null
  device_id: string | null
  until: string
  note: string
  created_by: string | null
  created_at: string
}

/** An outside address a rule of the organization named, and its answer (`migrations/0022`). */
export interface AlertRecipientRow {
  id: string
  organization_id: string
  email: string
  state: string
  token_hash: string | null
  expires_at: string | null
  language: string
  requested_by: string
  requested_at: string
  answered_at: string | null
  created_at: string
}

/** What an organization sent in its current window of alert mails (`alerts`) or requests (`requests`). */
export interface AlertMailWindowRow {
  organization_id: string
  kind: string
  window_start: string
  used: number
  held_at: string | null
}

/** An alert whose mail waits for the next window (`firing` or `resolved`). */
export interface AlertMailHeldRow {
  organization_id: string
  rule_id: string
  alert_id: string
  kind: string
  held_at: string
}

/** A webhook of the organization (`contract/webhooks.ts`); its secret sealed, its last try kept for the list. */
export interface WebhookRow {
  id: string
  organization_id: string
  name: string
  url: string
  enabled: number
  description: string
  /** AES-256-GCM under the server's key (`webhooks/secrets.ts`), base64. */
  secret_sealed: string
  disabled_reason: string | null
  failing_since: string | null
  last_delivery_at: string | null
  last_delivery_ok: number | null
  last_status_code: number | null
  last_error: string | null
  created_at: string
  updated_at: string
  version: number
}

/** One event for one webhook: its body as sent, where its tries stand and how the last went. */
export interface WebhookDeliveryRow {
  id: string
  organization_id: string
  webhook_id: string
  event_id: string
  type: string
  body: string
  /** pending, sending (claimed until `claimed_until`), delivered or failed. */
  state: string
  tries: number
  next_try_at: string | null
  claimed_until: string | null
  tried_at: string | null
  status_code: number | null
  error: string | null
  duration_ms: number | null
  response: string
  created_at: string
}

/** A bulk action: previewed, run once in batches, maybe undone (`bulk/`). */
export interface BulkJobRow {
  id: string
  organization_id: string
  collection: string
  action: string
  /** JSON `BulkParams`. */
  params: string
  /** JSON `BulkSelection`, as asked. */
  selection: string
  selection_label: string
  count: number
  /** JSON `BulkBlastRadius`, for users. */
  blast: string | null
  status: string
  done: number
  changed: number
  skipped: number
  /** The user (or key, or app id) who previewed it: only they run it. */
  created_by: string
  created_at: string
  expires_at: string
  started_at: string | null
  finished_at: string | null
  audit_id: string | null
  undone_at: string | null
}

/** One record of a bulk job's frozen set. */
export interface BulkItemRow {
  job_id: string
  record_id: string
  name: string
  /** pending, changed, skipped, restored, left. */
  outcome: string
  reason: string | null
  /** JSON: what an undo puts back. */
  before: string | null
  after_version: number | null
}

/** A saved view of a list (`contract/views.ts`): its question and columns as JSON, its owner, who sees it. */
export interface ViewRow {
  id: string
  organization_id: string
  owner_id: string
  name: string
  /** The list it is a view of: devices, access_keys, users or tunnels. */
  collection: string
  /** `{q, sort, order, filters}` as JSON. */
  query: string
  /** Column keys in the order shown, as JSON. */
  columns: string
  shared: number
  pinned: number
  created_at: string
  updated_at: string
  version: number
}

export interface Database {
  organizations: OrganizationRow
  users: UserRow
  roles: RoleRow
  memberships: MembershipRow
  tokens: TokenRow
  password_resets: PasswordResetRow
  throttles: ThrottleRow
  identities: IdentityRow
  oauth_states: OAuthStateRow
  oauth_codes: OAuthCodeRow
  devices: DeviceRow
  tunnels: TunnelRow
  device_links: DeviceLinkRow
  tunnel_passes: TunnelPassRow
  tunnel_requests: TunnelRequestRow
  tunnel_traffic: TunnelTrafficRow
  access_keys: AccessKeyRow
  heartbeats: HeartbeatRow
  metric_rollups: MetricRollupRow
  device_traffic_hours: DeviceTrafficHourRow
  metric_folds: MetricFoldRow
  members: MemberRow
  invitations: InvitationRow
  audit_events: AuditEventRow
  app_ids: AppIdRow
  app_tokens: AppTokenRow
  sign_ins: SignInRow
  avatars: AvatarRow
  invoices: InvoiceRow
  payment_methods: PaymentMethodRow
  plan_changes: PlanChangeRow
  event_counters: EventCounterRow
  events: EventRow
  leases: LeaseRow
  idempotency_keys: IdempotencyKeyRow
  alert_rules: AlertRuleRow
  alerts: AlertRow
  alert_mutes: AlertMuteRow
  alert_recipients: AlertRecipientRow
  alert_mail_windows: AlertMailWindowRow
  alert_mail_held: AlertMailHeldRow
  webhooks: WebhookRow
  webhook_deliveries: WebhookDeliveryRow
  bulk_jobs: BulkJobRow
  bulk_items: BulkItemRow
  views: ViewRow
  enrollment_keys: EnrollmentKeyRow
  device_credentials: DeviceCredentialRow
}
