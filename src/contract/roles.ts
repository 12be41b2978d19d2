import { array, boolean, enums, object, type Infer } from 'superstruct'
import { optional, size } from './json-schema'
import type { BaseRecord } from './collections'
import { OptionalText } from './record-fields'
import { RIGHTS, type Right } from './rights'
import { LIMITS, Text } from './validation'

/** The built-in role every organization starts with: every right, its name fixed, never deleted. */
export const ADMINISTRATOR_ROLE = 'Administrator'
export const ROLE_DESCRIPTION_MAX = 500

export interface RoleRecord extends BaseRecord {
  name: string
  description: string
  rights: Right[]
  builtin: boolean
  /** Active members of the organization holding the role. */
  member_count: number
}

/** `POST /roles/` and `PUT /roles/{id}` (with `version`). A role may grant nothing yet. */
export const RoleInput = object({
  name: Text(LIMITS.name),
  description: optional(OptionalText(ROLE_DESCRIPTION_MAX)),
  rights: size(array(enums(RIGHTS)), 0, RIGHTS.length),
})
export type RoleInput = Infer<typeof RoleInput>

/**
 * `POST /roles/{id}/preview`: what a save would do to people, before it is made. The body is
 * either `{rights}` (the role's rights after an edit) or `{delete: true}` (the role deleted).
 */
export const RolePreviewBody = object({
  rights: optional(size(array(enums(RIGHTS)), 0, RIGHTS.length)),
  delete: optional(boolean()),
})
export type RolePreviewBody = Infer<typeof RolePreviewBody>

/**
 * The answer of a preview: for each right, how many active members would gain it and how many
 * lose it, their other roles taken into account (a right another role still gives is not lost).
 * Rights nobody gains or loses are left out.
 */
export interface RolePreview {
  grants: Partial<Record<Right, number>>
  removes: Partial<Record<Right, number>>
}

/** `GET /roles/{id}/members`: the organization's people holding the role. */
export interface RoleMember {
  id: string
  name: string
  email: string
  /** Their place in the organization: active, invited or disabled. */
  status: string
}

export const rolePreviewPath = (id: string) => `/roles/${encodeURIComponent(id)}/preview`
export const roleMembersPath = (id: string) => `/roles/${encodeURIComponent(id)}/members`
