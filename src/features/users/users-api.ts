import { call } from '../../api/client'
import { collection } from '../../api/collection'
import { USERS_PATHS, type SignInEntry, type UserInvite, type UserRecord, type UserRole, type UserUpdate } from '../../contract/users'

/** Inviting answers the member: invited with a link on its way, or active when the address had an account. */
export const usersApi = collection<UserRecord, UserInvite>('users')
/** A member's roles and status change with the version they were read at. */
export const userUpdateApi = collection<UserRecord, UserUpdate>('users')

export { USER_LIST } from '../../ui/list/list-defaults'

/** A new link for an invited member; the one sent before stops working. */
export const resendInvitation = (id: string) => call<UserRecord>('POST', USERS_PATHS.invitation(id))

/** Ends an invited member's link and takes them off the list. */
export const withdrawInvitation = (id: string) => call<UserRecord>('DELETE', USERS_PATHS.invitation(id))

export const signInsOf = (id: string, signal?: AbortSignal) => call<SignInEntry[]>('GET', USERS_PATHS.signIns(id), { signal })

/** The organization's roles by name, for the role filter and the roles fields; needs the `roles` right. */
export async function organizationRoles(signal?: AbortSignal): Promise<UserRole[] | null> {
  const result = await call<UserRole[]>('GET', '/roles/', { query: { per_page: 100 }, signal })
  if (!result.ok || !Array.isArray(result.data)) return null
  return result.data.map((role) => ({ id: role.id, name: role.name })).sort((a, b) => a.name.localeCompare(b.name))
}
