import { call, type Result } from '../api/client'
import { switchPath } from '../contract/organizations'
import type { User } from '../contract/user'
import { live } from './live'
import { syncUser } from './session'
import { switchingHere } from './session-switch'

/** Where the console goes after a switch, so no screen keeps the old organization's data. */
export const AFTER_SWITCH = '~/app/home'

/**
 * Makes `id` the organization the user works in: the server scopes every later request to it and
 * ends the user's open event streams; the session is read again and the stream opened anew.
 * The caller then goes to AFTER_SWITCH.
 */
export async function switchOrganization(id: string): Promise<Result<User>> {
  switchingHere(id)
  const result = await call<User>('POST', switchPath(id))
  if (!result.ok) {
    switchingHere(null)
    return result
  }
  await syncUser()
  live.retry()
  return result
}
