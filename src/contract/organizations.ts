import { object, type Infer } from 'superstruct'
import type { BaseRecord } from './collections'
import { LIMITS, Text } from './validation'

/**
 * An organization the caller belongs to, as `GET /organizations/` lists it. Organizations are the
 * caller's, not one organization's: the list holds every one the user is an active member of.
 */
export interface OrganizationRecord extends BaseRecord {
  name: string
  plan: string
  /** Its active members. */
  member_count: number
  /** The one the caller works in now; every other call is scoped to it. */
  current: boolean
  /** Whether the caller holds `organizations` there, which renaming it needs. */
  can_rename: boolean
}

/**
 * `POST /organizations/` creates one whose Administrator role goes to its creator; it does not
 * become current (`POST /organizations/{id}/switch` does that). `PUT /organizations/{id}` renames,
 * with `version`.
 */
export const OrganizationInput = object({ name: Text(LIMITS.name) })
export type OrganizationInput = Infer<typeof OrganizationInput>

/** `POST /organizations/{id}/switch`: any signed-in member; answers the user as `/users/self` does. */
export const switchPath = (id: string) => `/organizations/${encodeURIComponent(id)}/switch`
