import { call, type Result } from '../../api/client'
import {
  PROFILE_API,
  sessionPath,
  type AvatarType,
  type PasswordChange,
  type ProfileUpdate,
  type SessionRecord,
} from '../../contract/profile'
import type { Presence, User } from '../../contract/user'
import { $session, dispatch } from '../../stores/session'

type Said = { message: string }

export const profileApi = {
  update: (body: ProfileUpdate) => call<User>('PUT', PROFILE_API.self, { body }),
  /** The file's bytes as the body, sent as `type` whatever the browser thinks the file is. */
  uploadAvatar: (file: Blob, type: AvatarType) => call<User>('POST', PROFILE_API.avatar, { body: new Blob([file], { type }) }),
  removeAvatar: () => call<User>('DELETE', PROFILE_API.avatar),
  changePassword: (body: PasswordChange) => call<Said>('POST', PROFILE_API.password, { body }),
  sessions: () => call<SessionRecord[]>('GET', PROFILE_API.sessions),
  endSession: (id: string) => call<Said>('DELETE', sessionPath(id)),
  endOthers: () => call<Said & { ended: number }>('POST', PROFILE_API.endOthers),
}

/** Runs a change of the user's own record; when it is saved, the whole console shows the user as answered. */
export async function saveSelf(change: () => Promise<Result<User>>): Promise<Result<User>> {
  const result = await change()
  if (result.ok) dispatch({ type: 'SYNC_USER', user: result.data })
  return result
}

/** Saves the presence picked in the menu or on the profile, with the user's name as it is. */
export async function savePresence(presence: Presence): Promise<Result<User> | undefined> {
  const user = $session.get().user
  if (!user || user.presence === presence) return undefined
  return saveSelf(() => profileApi.update({ name: user.name, presence }))
}
