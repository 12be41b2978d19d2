/**
 * Why a session token no longer signs anyone in, as a 401 says it (`reason`) when the server still
 * knows the token: the account was disabled in its last organization, the session was ended
 * (signed out elsewhere, ended from a profile, a password reset, a removal), or it ran out.
 */
export const SESSION_END_REASONS = ['account_disabled', 'session_ended', 'session_expired'] as const
export type SessionEndReason = (typeof SESSION_END_REASONS)[number]

export const isSessionEndReason = (value: unknown): value is SessionEndReason => (SESSION_END_REASONS as readonly unknown[]).includes(value)
