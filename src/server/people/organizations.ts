import { Hono, type Context } from 'hono'
import { sql } from 'kysely'
import { OrganizationInput, type OrganizationRecord } from '../../contract/organizations'
import type { Right } from '../../contract/rights'
import { check } from '../../contract/validation'
import { createOrganization, loadUser, rightsOf, switchOrganization } from '../auth/accounts'
import { actorOf, audit } from '../audit'
import { diffRecords } from '../audit-changes'
import { answerList, parseList, type ListShape } from '../collections/list-query'
import { listPage } from '../db/list'
import type { AnyDb, Db } from '../db/open'
import { requirePrincipal, requireRight, type AuthEnv, type Principal } from '../http/auth'
import { invalidInput, readBody, readJson } from '../http/body'
import { ApiError, fail } from '../http/errors'
import { route } from '../http/route'
import { userStreams } from '../live/stream'
import { message } from '../messages'
import type { Services } from '../services'
import { rightsChanged } from './guard'
import { describe } from '../openapi/registry'
import { listParams } from '../collections/list-query'
import { bool, int, list, obj, record, str, updateBody } from '../openapi/shapes'

const LIST: ListShape = {
  search: ['o.name'],
  sort: { name: 'o.name', plan: 'o.plan', member_count: 'member_count', created_at: 'o.created_at' },
  defaultSort: { sort: 'name', order: 'asc' },
  filters: {},
}

type OrganizationRow = { id: string; name: string; plan: string; member_count: number; created_at: string; updated_at: string; version: number }

/** The caller's organizations: a user's are those they are active in; a key or an app id has only its own. */
const visible = (db: Db, principal: Principal) => {
  const query = db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.name', 'o.plan', 'o.created_at', 'o.updated_at', 'o.version'])
    .select((eb) =>
      eb
        .selectFrom('members as m')
        .whereRef('m.organization_id', '=', 'o.id')
        .where('m.status', '=', 'active')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('member_count'),
    )
  if (principal.kind !== 'user') return query.where('o.id', '=', principal.organizationId)
  return query.where('o.id', 'in', db.selectFrom('members').select('organization_id').where('user_id', '=', principal.userId).where('status', '=', 'active'))
}

/** The caller's rights in `organizationId`: a user's own there, a key's or an app's only in theirs. */
const rightsIn = async (db: Db, principal: Principal, organizationId: string): Promise<readonly Right[]> =>
  principal.kind === 'user'
    ? ((await rightsOf(db, principal.userId, organizationId)) ?? [])
    : organizationId === principal.organizationId
      ? principal.rights
      : []

const toRecord = async (db: Db, principal: Principal, row: OrganizationRow): Promise<OrganizationRecord> => ({
  id: row.id,
  name: row.name,
  plan: row.plan,
  member_count: Number(row.member_count ?? 0),
  current: row.id === principal.organizationId,
  can_rename: (await rightsIn(db, principal, row.id)).includes('organizations'),
  created_at: row.created_at,
  updated_at: row.updated_at,
  version: Number(row.version),
})

/** Only a person switches or creates organizations; a key or an app id stays in its own. */
const mustBeUser = (principal: Principal) => {
  if (principal.kind !== 'user') throw fail(403, 'forbidden')
}

/** 409 when the user already belongs to another organization of this name, any case. */
async function mustBeNewName(db: Db | AnyDb, userId: string, name: string, except?: string) {
  const mine: { id: string; name: string }[] = await (db as Db)
    .selectFrom('members as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name'])
    .where('m.user_id', '=', userId)
    .where('m.status', '=', 'active')
    .execute()
  const wanted = name.toLocaleLowerCase()
  if (mine.some((organization) => organization.id !== except && organization.name.toLocaleLowerCase() === wanted)) {
    throw new ApiError(409, message('organizationNameTaken'))
  }
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
  const find = async (principal: Principal, id: string, on: Db = db) => {
    const row = id.length <= 64 ? await visible(on, principal).where('o.id', '=', id).executeTakeFirst() : undefined
    return row && toRecord(on, principal, row as OrganizationRow)
  }
  const mustFind = async (principal: Principal, id: string, on: Db = db) => {
    const found = await find(principal, id, on)
    if (!found) throw fail(404, 'notFound')
    return found
  }
  const actor = (c: Context<AuthEnv>) => actorOf(services, c, c.var.principal)

  return new Hono<AuthEnv>()
    .get(route('/organizations/'), requirePrincipal(services), requireRight('organizations'), async (c) => {
      const principal = c.var.principal
      const list = parseList(c, LIST)
      const page = await listPage(visible(db, principal), list, { ...LIST, id: 'o.id' })
      return answerList(c, page, await Promise.all(page.rows.map((row) => toRecord(db, principal, row as OrganizationRow))))
    })
    .post(route('/organizations/'), requirePrincipal(services), requireRight('organizations'), async (c) => {
      const principal = c.var.principal
      mustBeUser(principal)
      const { name } = await readBody(c, OrganizationInput)
      const who = await actor(c)
      const now = services.now().toISOString()
      const created = await db.transaction().execute(async (trx) => {
        await mustBeNewName(trx, principal.userId, name)
        const { organizationId } = await createOrganization(trx, { name, userId: principal.userId, now })
        await audit(trx, organizationId, who, { action: 'create', collection: 'organizations', recordId: organizationId, recordName: name }, now)
        return mustFind(principal, organizationId, trx)
      })
      // The creator's other consoles list one more organization in their switcher.
      rightsChanged(services, principal.organizationId, [principal.userId])
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
      const who = await actor(c)
      const now = services.now().toISOString()
      const outcome = await db.transaction().execute(async (trx) => {
        const current = await mustFind(principal, id, trx)
        if (current.version !== fields.version) return { conflict: current }
        if (principal.kind === 'user') await mustBeNewName(trx, principal.userId, name, id)
        await trx
          .updateTable('organizations')
          .set({ name, updated_at: now, version: sql`version + 1` })
          .where('id', '=', id)
          .where('version', '=', current.version)
          .execute()
        if (name !== current.name) {
          const changes = diffRecords({ name: current.name }, { name })
          await audit(trx, id, who, { action: 'update', collection: 'organizations', recordId: id, recordName: name, fields: ['name'], changes }, now)
        }
        const members = await trx.selectFrom('members').select('user_id').where('organization_id', '=', id).where('status', '=', 'active').execute()
        return { record: await mustFind(principal, id, trx), members: members.map((row) => row.user_id) }
      })
      if ('conflict' in outcome) return c.json({ message: message('conflict'), current: outcome.conflict }, 409)
      const { record, members } = outcome
      services.hub.publish(id, 'change', { collection: 'organizations', id, action: 'update', version: record.version })
      // Every member's switcher shows the new name.
      rightsChanged(services, id, members)
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
