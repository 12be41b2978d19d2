import type { MemberStatus, UserRecord, UserRole } from '../../contract/users'

/** What a member's row says of them: an invitation past its end reads apart from one still open. */
export type UserState = MemberStatus | 'expired'

export function userState(user: Pick<UserRecord, 'status' | 'invitation_expires_at'>, now = Date.now()): UserState {
  if (user.status !== 'invited') return user.status
  return user.invitation_expires_at && Date.parse(user.invitation_expires_at) > now ? 'invited' : 'expired'
}

/** The name to show: the chosen one, else the address (an invitee has not chosen one yet). */
export const displayName = (user: Pick<UserRecord, 'name' | 'email'>) => user.name.trim() || user.email

/** The choices of a roles field: the organization's roles when they could be read, else those the list shows. */
export function roleChoices(known: readonly UserRole[] | null, rows: readonly Pick<UserRecord, 'roles'>[]): UserRole[] {
  const all = known ?? rows.flatMap((row) => row.roles)
  const byId = new Map(all.map((role) => [role.id, role]))
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
}

/** The methods a sign-in can have a text for; a provider the console does not know shows by its name. */
export const SIGN_IN_METHODS = ['password', 'invitation', 'google', 'github', 'x'] as const
export const methodKey = (method: string) => ((SIGN_IN_METHODS as readonly string[]).includes(method) ? `users.methods.${method}` : undefined)

/** A moment as date and time in the reader's language: `12 Jul 2025, 14:05`. */
export const formatTime = (at: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))
