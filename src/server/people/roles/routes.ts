import { Hono } from 'hono'
import { RIGHTS, withNeeds, type Right } from '../../../contract/rights'
import { RoleInput, RolePreviewBody, type RoleMember, type RoleRecord } from '../../../contract/roles'
import { parseRights } from '../../auth/accounts'
import type { CollectionModule, WriteContext } from '../../collections/engine'
import { answerList, collectionRoutes } from '../../collections/routes'
import { parseList } from '../../collections/list-query'
import type { ListShape } from '../../db/records'
import { isUniqueViolation } from '../../db/errors'
import { listPage } from '../../db/list'
import type { AnyDb } from '../../db/open'
import { roleMembersQuery, roleRow, rolesQuery } from '../../db/people/roles'
import { requirePrincipal, requireRight, type AuthEnv } from '../../http/auth'
import { invalidInput, readBody } from '../../http/body'
import { ApiError, fail, rightName } from '../../http/errors'
import { message } from '../../messages'
import type { Services } from '../../services'
import { keepAdministrator, rightsChanged } from '../keep-administrator'
import { holderIds, previewRole } from '../role-preview'
import { bool, int, record, str } from '../../openapi/shapes'
import { describe } from '../../openapi/registry'
import { list, obj } from '../../openapi/shapes'
import { listParams } from '../../openapi/collections'

/** Rights once each, in the order of RIGHTS, as a role stores them. */
const inOrder = (rights: readonly Right[]) => RIGHTS.filter((right) => rights.includes(right))
const sameRights = (a: readonly Right[], b: readonly Right[]) => inOrder(a).join() === inOrder(b).join()

/**
 * Nobody gives a right they do not hold, nor takes one away from a role (by an edit or a delete),
 * not even through a key that may edit roles: a right the role keeps is no one's business.
 */
const mustHold = (ctx: WriteContext, rights: readonly Right[], had: readonly Right[] = []) => {
  const lacks = (right: Right) => !ctx.principal.rights.includes(right)
  if (rights.some((right) => !had.includes(right) && lacks(right))) throw new ApiError(403, message('rightNotHeld'))
  if (had.some((right) => !rights.includes(right) && lacks(right))) throw new ApiError(403, message('rightNotHeldRemoved'))
}

/**
 * `rights` with what they need (`RIGHT_NEEDS`: Tunnels comes with Edge & Devices), as the role
 * editor checks them; a need the caller could not grant themselves is refused by name.
 */
const completed = (ctx: WriteContext, rights: readonly Right[], had: readonly Right[] = []): Right[] => {
  const lacks = (right: Right) => !had.includes(right) && !ctx.principal.rights.includes(right)
  if (rights.some(lacks)) throw new ApiError(403, message('rightNotHeld'))
  for (const right of rights) {
    const need = withNeeds([right]).find(lacks)
    if (need) throw new ApiError(403, message('needNotHeld', { right: rightName(right), needs: rightName(need) }))
  }
  const all = withNeeds(rights)
  mustHold(ctx, all, had)
  return all
}

export const roles: CollectionModule<RoleRecord, RoleInput> = {
  name: 'roles',
  docs: {
    noun: 'role',
    tag: 'Roles',
    description: 'Roles hold rights. A right is saved with the rights it needs to work (`tunnels` and `alerts` need `devices`, `users` needs `roles`), which the caller must hold too (403 naming it). The built-in Administrator role keeps every right and cannot be renamed or deleted; no change may leave an organization without an active user holding every right (409).',
    record: record(RoleInput, { description: str, builtin: bool, member_count: int }),
    example: { name: 'Operators', description: 'Run the fleet', rights: ['devices', 'tunnels'] },
  },
  right: 'roles',
  table: 'roles',
  cap: 'roles',
  list: {
    search: ['t.name', 't.description'],
    sort: { name: 't.name', member_count: 'member_count', created_at: 't.created_at' },
    defaultSort: { sort: 'name', order: 'asc' },
    filters: {},
  },
  select: rolesQuery,
  toRecord: (row) => ({
    id: String(row.id),
    name: String(row.name),
    description: String(row.description ?? ''),
    rights: parseRights(String(row.rights)),
    builtin: Number(row.builtin) === 1,
    member_count: Number(row.member_count ?? 0),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  }),
  create: {
    schema: RoleInput,
    row: async (input, ctx) => {
      return { values: { name: input.name, description: input.description ?? '', rights: JSON.stringify(completed(ctx, input.rights)), builtin: 0 } }
    },
  },
  update: {
    schema: RoleInput,
    row: async (input, ctx, current) => {
      return { name: input.name, description: input.description ?? '', rights: JSON.stringify(completed(ctx, input.rights, current.rights)) }
    },
  },
  // The Administrator role keeps its name and every right, and stays.
  allow: async (ctx, action, current, input) => {
    if (!current.builtin) {
      if (action === 'delete') {
        mustHold(ctx, [], current.rights)
        const users = await holderIds(ctx.db, ctx.principal.organizationId, current.id)
        ctx.later(() => rightsChanged(ctx.services, ctx.principal.organizationId, users))
        usersShowRole(ctx, users)
      }
      return
    }
    if (action === 'delete' || (input && !sameRights(input.rights, RIGHTS))) throw new ApiError(409, message('builtinRole'))
    if (input && input.name !== current.name) throw new ApiError(409, message('builtinRoleName'))
  },
  afterWrite: async (ctx, done) => {
    if (done.action === 'create') return
    const organizationId = ctx.principal.organizationId
    const rightsMoved = !done.before || !done.after || !sameRights(done.before.rights, done.after.rights)
    // A delete took the role's assignments along (foreign key cascade); its holders were told in `allow`.
    if (rightsMoved) await keepAdministrator(ctx.db, organizationId)
    if (done.action !== 'update' || !done.before || !done.after) return
    if (!rightsMoved && done.before.name === done.after.name) return
    const users = await holderIds(ctx.db, organizationId, done.after.id)
    if (rightsMoved) ctx.later(() => rightsChanged(ctx.services, organizationId, users))
    usersShowRole(ctx, users)
  },
  duplicate: (error) => (isUniqueViolation(error, 'roles.name') ? message('roleNameTaken') : undefined),
}

/** The users lists show their members' role names: tell open ones that these users' rows read differently now. */
function usersShowRole(ctx: WriteContext, users: string[]) {
  ctx.later(() => {
    for (const id of users) ctx.services.hub.publish(ctx.principal.organizationId, 'change', { collection: 'users', id, action: 'update', version: 0 })
  })
}

const MEMBER_LIST: ListShape = {
  search: ['named.name', 'u.email'],
  sort: { name: 'named.name', email: 'u.email', status: 'm.status' },
  nullable: ['name'],
  defaultSort: { sort: 'name', order: 'asc' },
  filters: {},
}

/**
 * The roles collection, and beside it `POST /roles/{id}/preview` (what a save or a delete would
 * do to people, counted here, not by the page) and `GET /roles/{id}/members` (who holds it).
 */
describe(
  {
    method: 'post',
    path: '/roles/:id/preview',
    tag: 'Roles',
    summary: 'Preview a role change',
    description: 'What a save would do: `{rights}` (the rights after an edit, with what they need, as a save completes them) or `{delete: true}`; for each right, how many active members gain and lose it.',
    caller: 'principal',
    rights: ['roles'],
    body: RolePreviewBody,
    example: { rights: ['devices'] },
    answers: {
      200: {
        description: 'Gains and losses by right.',
        body: obj({ grants: { type: 'object', additionalProperties: { type: 'integer' } }, removes: { type: 'object', additionalProperties: { type: 'integer' } } }),
      },
    },
  },
  {
    method: 'get',
    path: '/roles/:id/members',
    tag: 'Roles',
    summary: 'Members holding a role',
    caller: 'principal',
    rights: ['roles'],
    query: listParams(MEMBER_LIST),
    answers: {
      200: { description: 'A page of members; the total in `X-Total-Count`.', body: list(obj({ id: str, name: str, email: str, status: str })), headers: ['X-Total-Count'] },
      400: { description: 'A list parameter the list does not take.', body: { ref: 'Error' } },
    },
  },
)

export function roleRoutes(services: Services) {
  const db = services.db as unknown as AnyDb
  const mustFind = async (organizationId: string, id: string) => {
    const found = id.length <= 64 ? await roleRow(roles.select(db, organizationId), id) : undefined
    if (!found) throw fail(404, 'notFound')
    return roles.toRecord(found as Record<string, unknown>)
  }
  return new Hono<AuthEnv>()
    .route('/', collectionRoutes(services, roles))
    .post('/roles/:id/preview', requirePrincipal(services), requireRight('roles'), async (c) => {
      const organizationId = c.var.principal.organizationId
      const role = await mustFind(organizationId, c.req.param('id'))
      const body = await readBody(c, RolePreviewBody)
      if (body.delete === true) return c.json(await previewRole(db, organizationId, role.id, null))
      if (!body.rights) throw invalidInput({ rights: 'validation.required' })
      return c.json(await previewRole(db, organizationId, role.id, withNeeds(body.rights)))
    })
    .get('/roles/:id/members', requirePrincipal(services), requireRight('roles'), async (c) => {
      const organizationId = c.var.principal.organizationId
      const role = await mustFind(organizationId, c.req.param('id'))
      const list = parseList(c, MEMBER_LIST)
      const query = roleMembersQuery(db, organizationId, role.id)
      const page = await listPage<RoleMember>(query, list, { ...MEMBER_LIST, id: 'u.id' })
      return answerList(c, page, page.rows.map((row): RoleMember => ({ id: row.id, name: row.name ?? '', email: row.email, status: row.status })))
    })
}
