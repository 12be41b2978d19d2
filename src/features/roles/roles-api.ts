import { collection, type Page } from '../../api/collection'
import { call, type Result } from '../../api/client'
import type { ListQuery } from '../../contract/collections'
import type { Right } from '../../contract/rights'
import { roleMembersPath, rolePreviewPath, type RoleInput, type RoleMember, type RolePreview, type RoleRecord } from '../../contract/roles'

export const rolesApi = collection<RoleRecord, RoleInput>('roles')

export { ROLE_LIST } from '../../ui/list/list-defaults'

/** What giving the role `rights` would do to people; `null` asks what deleting it would. */
export const previewRole = (id: string, rights: readonly Right[] | null, signal?: AbortSignal): Promise<Result<RolePreview>> =>
  call<RolePreview>('POST', rolePreviewPath(id), { body: rights ? { rights } : { delete: true }, signal })

/** The people holding the role, a page at a time. */
export async function roleMembers(id: string, query: ListQuery, signal?: AbortSignal): Promise<Result<Page<RoleMember>>> {
  const result = await call<RoleMember[]>('GET', roleMembersPath(id), {
    query: { q: query.q || undefined, sort: query.sort, order: query.order, page: query.page, per_page: query.per_page },
    signal,
  })
  if (!result.ok) return result
  const rows = Array.isArray(result.data) ? result.data : []
  return { ok: true, status: result.status, data: { rows, total: result.total ?? rows.length } }
}
