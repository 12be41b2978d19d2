import { clsx } from 'clsx'
import { apiHost } from '../api/client'
import type { User } from '../contract/user'
import s from './avatar.module.css'

/** Up to two letters of a name: 'Ada Lovelace' is 'AL'. */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')

/**
 * Where a user's photo loads from. The server keeps its own photos as a path under the API
 * (`/avatars/<id>?v=<hash>`), since only the console knows which host it reaches the API at; a
 * provider's photo is a full `https:` address and is used as it is.
 */
export function avatarSrc(avatar: string, host = apiHost()): string {
  if (!avatar) return ''
  return avatar.startsWith('/') && !avatar.startsWith('//') ? host + avatar : avatar
}

export interface AvatarProps {
  user: Pick<User, 'name' | 'email' | 'avatar'>
  /** Width and height in pixels. */
  size: number
  className?: string
}

/**
 * The user's photo, or their initials when they have none. It is decoration: the name is always
 * said beside it. The initials are drawn by CSS, not written as text, so a button holding them is
 * named by its label alone and no checker takes the letters for a name it should contain.
 */
export function Avatar({ user, size, className }: AvatarProps) {
  const src = avatarSrc(user.avatar)
  if (src) return <img className={className} src={src} alt="" width={size} height={size} />
  return <span className={clsx(className, s.initials)} aria-hidden="true" data-initials={initialsOf(user.name || user.email)} />
}
