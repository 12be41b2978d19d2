import { enums, object, type Infer } from 'superstruct'
import { PRESENCES } from './user'
import { check, LIMITS, NewPassword, Password, Text, type FieldErrors } from './validation'
import { newPasswordErrors, passwordOfEmailErrors } from './auth'

/** The signed-in user's own calls, relative to `{host}`. */
export const PROFILE_API = {
  self: '/users/self',
  avatar: '/users/self/avatar',
  password: '/users/self/password',
  sessions: '/sessions/',
  endOthers: '/sessions/end-others',
} as const

export const sessionPath = (id: string) => `/sessions/${encodeURIComponent(id)}`
/** Where a user's photo is served: public, since an `<img>` sends no Bearer header. */
export const avatarPath = (userId: string) => `/avatars/${encodeURIComponent(userId)}`

/** `PUT /users/self`: what the user changes about themselves. */
export const ProfileUpdate = object({ name: Text(LIMITS.name), presence: enums(PRESENCES) })
export type ProfileUpdate = Infer<typeof ProfileUpdate>

/** `POST /users/self/password`: the current password, then the new one. */
export const PasswordChange = object({ current: Password, password: NewPassword })
export type PasswordChange = Infer<typeof PasswordChange>

export const PasswordChangeForm = object({ current: Password, password: NewPassword, passwordConfirm: Password })
export type PasswordChangeForm = Infer<typeof PasswordChangeForm>

/** The form's errors: each field's own, the new password against the address, then the match. */
export function passwordChangeErrors(values: Record<string, unknown>, email: string): FieldErrors {
  const result = check(PasswordChangeForm, values)
  return newPasswordErrors(values, passwordOfEmailErrors({ ...values, email }, result.ok ? {} : result.errors))
}

/** One of the user's live sessions, as `GET /sessions/` lists it. */
export interface SessionRecord {
  id: string
  created_at: string
  last_used_at: string
  /** How it signed in: `password`, `invitation`, or a provider's name. */
  method: string
  ip: string
  /** The browser and system, read from the user agent ('Chrome 126 on Windows'); empty when unknown. */
  browser: string
  /** The session making this call. */
  current: boolean
  /** Whether "Remember me" gave it the long limits. */
  remember: boolean
}

/** An avatar is a JPEG, PNG or BMP image of at most 100 KB. */
export const AVATAR_MAX_BYTES = 100 * 1024
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const
export type AvatarType = (typeof AVATAR_TYPES)[number]

const TYPE_OF_EXTENSION: Record<string, AvatarType> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp' }
/** Names some systems give BMP files. */
const BMP_ALIASES = ['image/x-ms-bmp', 'image/x-bmp']

/**
 * The type to send a chosen file as, from its stated type or else its name's ending; undefined
 * when it is none of the accepted ones. The server reads the bytes whatever this says.
 */
export function avatarTypeOf(file: { type: string; name: string }): AvatarType | undefined {
  const stated = file.type.toLowerCase()
  if ((AVATAR_TYPES as readonly string[]).includes(stated)) return stated as AvatarType
  if (BMP_ALIASES.includes(stated)) return 'image/bmp'
  if (stated && stated !== 'application/octet-stream') return undefined
  return TYPE_OF_EXTENSION[/\.(\w+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '']
}

/** Whether a file may be sent at all: an accepted type and at most AVATAR_MAX_BYTES. */
export const avatarAllowed = (file: { type: string; name: string; size: number }) =>
  avatarTypeOf(file) !== undefined && file.size > 0 && file.size <= AVATAR_MAX_BYTES

