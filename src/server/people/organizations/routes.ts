import { Hono, type Context } from 'hono'
import { OrganizationInput } from '../../../contract/organizations'
import { check } from '../../../contract/validation'
import { loadUser, switchOrganization } from '../../auth/accounts'
import { actorOf } from '../../audit/routes'
import { audit } from '../../audit/trail'
import { parseList } from '../../collections/list-query'
import { answerList } from '../../collections/routes'
import type { ListShape } from '../../db/records'
import { listPage } from '../../db/list'
import type { OrganizationRow } from '../../db/people/organizations'
import { requirePrincipal, requireRight, type AuthEnv, type Principal } from '../../http/auth'
import { invalidInput, readBody, readJson } from '../../http/body'
import { fail } from '../../http/errors'
import { route } from '../../http/route'
import { userStreams } from '../../live/stream'
import { message } from '../../messages'
import type { Services } from '../../services'
import { rightsChanged } from '../keep-administrator'
import { addOrganization, findOrganization, mustFindOrganization, organizationRecord, renameOrganizationTo, visibleOrganizations } from '../organizations'
import { describe } from '../../openapi/registry'
import { listParams } from '../../openapi/collections'
import { bool, int, list, obj, record, str, updateBody } from '../../openapi/shapes'

const LIST: ListShape = {
  search: ['o.name'],
  sort: { name: 'o.name', plan: 'o.plan', member_count: 'member_count', created_at: 'o.created_at' },
  defaultSort: { sort: 'name', order: 'asc' },
  filters: {},
}

/** Only a person switches or creates organizations; a key or an app id stays in its own. */
const mustBeUser = (principal: Principal) => {
  if (principal.kind !== 'user') throw fail(403, 'forbidden')
}

/**
 * `/organizations/`: the caller's organizations (listing needs `organizations` in the current
 * one), creating one, renaming one (`organizations` in that one), and switching to one (any
 * member). Organizations are not rows of one organization, so this is not the engine; it follows
 * its answers: paging with `X-Total-Count`, 400 `errors`, 409 with `current`, an audit entry a write.
 */
const ORGANIZATION = record(OrganizationInput, { plan: str, member_count: int, current: bool, can_rename: bool })
describe(
  {
    method: 'get',
    path: '/organizations/',
    tag: 'Organizations',
    summary: 'Your organizations',
    caller: 'principal',
    rights: ['organizations'],
    query: listParams(LIST),
    answers: {
      200: { description: 'A page of the caller\'s organizations, the current one marked; the total in `X-Total-Count`.', body: list(ORGANIZATION), headers: ['X-Total-Count'] },
      400: { description: 'A list parameter it does not take.', body: { ref: 'Error' } },
    },
  },
  {
    method: 'post',
    path: '/organizations/',
    tag: 'Organizations',
    summary: 'Create an organization',
    description: 'Its creator holds its Administrator role.',
    caller: 'principal',
    rights: ['organizations'],
    body: OrganizationInput,
    example: { name: 'Acme Field Ops' },
    answers: {
      201: { description: 'The organization.', body: ORGANIZATION },
      409: { description: 'You have an organization of that name.', body: { ref: 'Error' } },
    },
  },
  {
    method: 'put',
    path: '/organizations/:id',
    tag: 'Organizations',
    summary: 'Rename an organization',
    caller: 'principal',
    body: updateBody(OrganizationInput),
    answers: {
      200: { description: 'The organization as saved.', body: ORGANIZATION },
      409: {
        description: 'Another edit saved first (`current`), or the name is taken.',
        body: { anyOf: [obj({ message: str, current: ORGANIZATION }), { $ref: '#/components/schemas/Error' }] },
      },
    },
  },
  {
    method: 'post',
    path: '/organizations/:id/switch',
    tag: 'Organizations',
    summary: 'Switch to an organization',
    description: 'Every request after this is scoped to it.',
    caller: 'principal',
    answers: { 200: { description: 'You, in that organization.', body: { ref: 'User' } } },
  },
)

export function organizationRoutes(services: Services) {
  const { db } = services
  const find = (principal: Principal, id: string) => findOrganization(db, principal, id)
  const mustFind = (principal: Principal, id: string) => mustFindOrganization(db, principal, id)
  const actor = (c: Context<AuthEnv>) => actorOf(services, c, c.var.principal)

  return new Hono<AuthEnv>()
    .get(route('/organizations/'), requirePrincipal(services), requireRight('organizations'), async (c) => {
      const principal = c.var.principal
      const list = parseList(c, LIST)
      const page = await listPage(visibleOrganizations(db, principal), list, { ...LIST, id: 'o.id' })
      return answerList(c, page, await Promise.all(page.rows.map((row) => organizationRecord(db, principal, row as OrganizationRow))))
    })
    .post(route('/organizations/'), requirePrincipal(services), requireRight('organizations'), async (c) => {
      const principal = c.var.principal
      mustBeUser(principal)
      const { name } = await readBody(c, OrganizationInput)
      const created = await addOrganization(services, principal, name, await actor(c))
      return c.json(created, 201)
    })
    .put('/organizations/:id', requirePrincipal(services), async (c) => {
      const principal = c.var.principal
      const id = c.req.param('id')
      const before = await mustFind(principal, id)
      if (!before.can_rename) throw fail(403, 'forbidden')
      const body = await readJson(c)
      const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
      if (typeof fields.version !== 'number' || !Number.isInteger(fields.version)) throw invalidInput({ version: 'validation.required' })
      const checked = check(OrganizationInput, { name: fields.name })
      if (!checked.ok) throw invalidInput(checked.errors)
      const { name } = checked.value
      const outcome = await renameOrganizationTo(services, principal, id, { name, version: fields.version }, await actor(c))
      if ('conflict' in outcome) return c.json({ message: message('conflict'), current: outcome.conflict }, 409)
      const { record } = outcome
      return c.json(record)
    })
    .post('/organizations/:id/switch', requirePrincipal(services), async (c) => {
      const principal = c.var.principal
      mustBeUser(principal)
      const id = c.req.param('id')
      const target = id.length <= 64 ? await find(principal, id) : undefined
      if (!target || !(await switchOrganization(db, principal.userId, id))) throw fail(404, 'notFound')
      const now = services.now().toISOString()
      await audit(db, id, await actor(c), { action: 'switch', collection: 'organizations', recordId: id, recordName: target.name }, now)
      // Open streams are scoped to the organization they opened in: end them, so they reconnect in the new one,
      // where the user's other consoles then hear that their organization changed.
      services.hub.disconnect(userStreams(principal.userId))
      rightsChanged(services, id, [principal.userId])
      return c.json(await loadUser(db, principal.userId))
    })
}
