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
  location: string
  /** JSON array of strings. */
  tags: string
  /** The tags joined by spaces, for search. */
  tags_text: string
  last_seen: string | null
  created_at: string
  updated_at: string
  version: number
}

export interface TunnelRow {
  id: string
  organization_id: string
  device_id: string
  name: string
  protocol: string
  local_port: number
  public_endpoint: string
  enabled: number
  created_at: string
  updated_at: string
  version: number
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
  created_at: string
  updated_at: string
  version: number
}

export interface HeartbeatRow {
  device_id: string
  organization_id: string
  at: string
  latency_ms: number
  bytes_in: number
  bytes_out: number
  cpu: number
  memory: number
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
  access_keys: AccessKeyRow
  heartbeats: HeartbeatRow
}
