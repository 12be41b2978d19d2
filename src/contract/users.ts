import { array, coerce, enums, object, refine, string, type, unknown, type Infer } from 'superstruct'
import { described, optional } from './json-schema'
import { newPasswordErrors, passwordOfEmailErrors } from './auth'
import type { BaseRecord } from './collections'
import { check, type FieldErrors, Email, LIMITS, NewPassword, Password, Secret, Text } from './validation'

/** A member's status in the organization: invited until the invitation is accepted. */
export const MEMBER_STATUSES = ['active', 'invited', 'disabled'] as const
export type MemberStatus = (typeof MEMBER_STATUSES)[number]

/** An invitation link works this many days. */
export const INVITATION_DAYS = 7
/** The last sign-ins a user's detail lists. */
export const SIGN_INS_SHOWN = 20
/** More roles than any organization needs at once; a longer list is refused unread. */
export const MAX_ROLES = 100

export interface UserRole {
  id: string
  name: string
}

/**
 * A member of the organization, as `/users/` lists them. `id` is the user's own id, the same in
 * every organization they belong to.
 */
export interface UserRecord extends BaseRecord {
  email: string
  /** Empty until an invited user chooses one. */
  name: string
  avatar: string
  status: MemberStatus
  roles: UserRole[]
  last_sign_in: string | null
  /** The end of an open invitation; null when there is none (accepted, withdrawn, or long expired). */
  invitation_expires_at: string | null
}

/**
 * Role ids as a list: at least one, each a short id. The record's own `roles` (`{id, name}`) are
 * taken too, so a record read can be sent back as it is. One rule, so its message lands on `roles`.
 */
const RoleIds = described(coerce(
  refine(array(string()), 'roles', (ids) => {
    if (ids.length === 0) return 'validation.required'
    if (ids.length > MAX_ROLES) return 'validation.tooLong'
    return ids.every((id) => id.length > 0 && id.length <= 64) || 'validation.invalid'
  }),
  array(unknown()),
  (list) => list.map((item) => (item && typeof item === 'object' && 'id' in item ? (item as UserRole).id : item)),
), {
  type: 'array',
  items: { anyOf: [{ type: 'string', minLength: 1, maxLength: 64 }, { type: 'object', required: ['id'] }] },
  minItems: 1,
  maxItems: MAX_ROLES,
  description: 'Role ids; the roles of a record read (`{id, name}`) are taken too.',
})

/** `POST /users/`: invite an address with one or more of the organization's roles. */
export const UserInvite = object({ email: Email, roles: RoleIds })
export type UserInvite = Infer<typeof UserInvite>

/**
 * `PUT /users/{id}`: the roles, and active or disabled. An invited member stays `invited` until
 * they accept (the value is sent back as it is); nobody else can be set to it.
 */
export const UserUpdate = object({ roles: RoleIds, status: enums(MEMBER_STATUSES) })
export type UserUpdate = Infer<typeof UserUpdate>

/** One row of `GET /users/{id}/sign-ins`. */
export interface SignInEntry {
  at: string
  /** `password`, `invitation`, or a social provider's name. */
  method: string
  ip: string
  /** The browser and system in a few words (`Chrome 126 on Windows`), or empty when unknown. */
  browser: string
}

/** `GET /invitations/{token}`: what the invitee sees before accepting. */
export interface InvitationInfo {
  email: string
  organization: string
  expires_at: string
  /**
   * The address has an account already: it accepts as that account (signed in as it, or with its
   * password) and keeps its name and password. Otherwise the invitee chooses both.
   */
  account: boolean
}

/** `POST /invitations/accept` by an address with no account yet: the name and password it will sign in with. */
export const AcceptBody = object({ token: Secret, name: Text(LIMITS.name), password: NewPassword })
export type AcceptBody = Infer<typeof AcceptBody>

/**
 * `POST /invitations/accept` by an existing account: sent with a session of that account, or with
 * its current password. Nothing of the account changes.
 */
export const JoinBody = object({ token: Secret, password: optional(Password) })
export type JoinBody = Infer<typeof JoinBody>

/** The token of either body, read first to learn which one the invitation takes. */
export const InvitationToken = type({ token: Secret })

/** The console's form for an existing account that is not signed in: its password. */
export const JoinForm = object({ password: Password })

export const AcceptForm = object({ name: Text(LIMITS.name), password: NewPassword, passwordConfirm: Password })

/** The accept form's errors: its fields, the confirmation, and the invitee's address kept out of the password. */
export function acceptFormErrors(values: Record<string, unknown>, email: string): FieldErrors {
  const result = check(AcceptForm, values)
  return newPasswordErrors(values, passwordOfEmailErrors({ ...values, email }, result.ok ? {} : result.errors))
}

/** Paths of the users' own calls, relative to `{host}`. */
export const USERS_PATHS = {
  invitation: (userId: string) => `/users/${encodeURIComponent(userId)}/invitation`,
  signIns: (userId: string) => `/users/${encodeURIComponent(userId)}/sign-ins`,
  readInvitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  accept: '/invitations/accept',
} as const
