import type { ExpressionBuilder } from 'kysely'
import { checkView, isViewCollection, VIEW_COLLECTIONS, VIEWS_PER_OWNER, ViewInput, ViewUpdate, type View, type ViewCollection, type ViewProblem, type ViewQuery } from '../../contract/views'
import { MAX_FILTER_VALUES } from '../../contract/list-filters'
import type { Principal } from '../http/auth'
import { lockOrganization } from '../billing/usage'
import { ApiError, needsRight } from '../http/errors'
import { message } from '../messages'
import { bool, list, obj, oneOf, record, str } from '../openapi/shapes'
import type { CollectionModule, WriteContext } from './engine'
import type { ListShape } from './list-query'

type Row = Record<string, unknown>

/** JSON from a column, or `fallback` when it cannot be read. */
const parsed = <T>(text: unknown, fallback: T): T => {
  try {
    return JSON.parse(String(text)) as T
  } catch {
    return fallback
  }
}

/** A view's row as its record, with its owner's name. */
export function viewOf(row: Row): View {
  return {
    id: String(row.id),
    name: String(row.name),
    collection: String(row.collection) as ViewCollection,
    query: parsed<ViewQuery>(row.query, { q: '', sort: 'name', order: 'asc', filters: {} }),
    columns: parsed<string[]>(row.columns, []),
    shared: Number(row.shared) === 1,
    pinned: Number(row.pinned) === 1,
    owner_id: String(row.owner_id),
    owner_name: String(row.owner_name ?? ''),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  }
}

/** The list's own words for what it would refuse of a view. */
function refusal(problem: ViewProblem): string {
  switch (problem.kind) {
    case 'unknownFilter':
      return message('unknownFilter', { name: problem.name.slice(0, 40), allowed: problem.allowed.join(', ') || '-' })
    case 'badFilter':
      return message('badFilter', { name: problem.name })
    case 'oneFilterValue':
      return message('oneFilterValue', { name: problem.name })
    case 'tooManyFilterValues':
      return message('tooManyFilterValues', { name: problem.name, max: MAX_FILTER_VALUES })
    case 'badSort':
      return message('badSort', { sort: problem.sort.slice(0, 40), allowed: problem.allowed.join(', ') })
    case 'badColumn':
      return message('badColumn', { column: problem.column.slice(0, 40), allowed: problem.allowed.join(', ') })
    default:
      return message('repeatedColumn', { column: problem.column.slice(0, 40) })
  }
}

/** The answer for a view the list would refuse: the list's own words, under the field at fault. */
function refused(problem: ViewProblem): ApiError {
  const text = refusal(problem)
  return new ApiError(400, text, { [problem.field]: text })
}

/** How the trail names a write of a view: filed under its list's collection, so told apart by its action. */
const viewAction = (action: string) => `${action}_view`
/** Every action a view's trail entries carry. */
export const VIEW_ACTIONS = ['create', 'update', 'delete'].map(viewAction)

/** The lists whose views `principal` may read and write: those of the rights it holds. */
const listsOf = (principal: Principal): ViewCollection[] => VIEW_COLLECTIONS.filter((name) => principal.rights.includes(name))

export const VIEW_RECORD = record(ViewInput, {
  owner_id: { ...str, description: 'The member who saved it; only they change or delete it.' },
  owner_name: str,
  shared: { ...bool, description: 'Seen by every holder of the list\'s right in the organization; else by its owner alone.' },
  pinned: bool,
  collection: oneOf(VIEW_COLLECTIONS),
  columns: list(str),
  query: obj({ q: str, sort: str, order: oneOf(['asc', 'desc']), filters: { type: 'object', additionalProperties: list(str) } }),
})

/**
 * Saved views of the lists: records like the others (versions, audit, change events), each read and
 * written with the right of its list (a holder of `devices` keeps device views). A personal view
 * is its owner's alone, a shared one every holder of its list's right sees; only its owner changes
 * or deletes either. Its question is checked as the list checks its own (`sorts`: each list's sort
 * keys), so a view never holds what its list would refuse.
 */
export function views(shapes: Record<ViewCollection, ListShape>): CollectionModule<View, ViewInput, ViewUpdate> {
  const check = (collection: ViewCollection, input: { query: ViewQuery; columns: string[] }) => {
    const verdict = checkView(collection, input.query, input.columns, Object.keys(shapes[collection].sort))
    if (!verdict.ok) throw refused(verdict.problem)
    return { query: JSON.stringify(verdict.query), columns: JSON.stringify(input.columns) }
  }
  const mayUse = (ctx: WriteContext, collection: ViewCollection) => {
    if (!ctx.principal.rights.includes(collection)) throw needsRight(collection)
  }
  return {
    name: 'views',
    docs: {
      noun: 'view',
      tag: 'Views',
      description:
        'Saved views of the lists (devices, access keys, users, tunnels): a name, the list\'s search, sort and filters, the columns shown, shared with the organization or kept personal, pinned in the menu or not. A view is read and written with the right of its list; a personal view is seen by its owner alone (another member gets 404), a shared one by every holder of its list\'s right; only its owner changes or deletes it (403). A question or a column the list would refuse is 400 with the list\'s own message.',
      record: VIEW_RECORD,
      deletes: 'Deletes the view; links to it then open the plain list.',
      example: { name: 'Offline kiosks', collection: 'devices', query: { q: '', sort: 'name', order: 'asc', filters: { status: ['offline'], tag: ['kiosk'] } }, columns: ['name', 'status', 'tags'], shared: true, pinned: true },
    },
    // Each view is checked by the right of its list (`writers`, `scope`, `audited`); this one names the module alone.
    right: 'devices',
    writers: VIEW_COLLECTIONS,
    table: 'views',
    cap: 'views',
    list: {
      search: ['t.name'],
      sort: { name: 't.name', created_at: 't.created_at', updated_at: 't.updated_at' },
      defaultSort: { sort: 'name', order: 'asc' },
      filters: {
        collection: { column: 't.collection', values: VIEW_COLLECTIONS },
        pinned: { values: ['true', 'false'], where: (eb, values) => eb('t.pinned', 'in', values.map((value) => (value === 'true' ? 1 : 0))) },
        shared: { values: ['true', 'false'], where: (eb, values) => eb('t.shared', 'in', values.map((value) => (value === 'true' ? 1 : 0))) },
      },
    },
    select: (db, organizationId) =>
      db
        .selectFrom('views as t')
        .leftJoin('users as o', 'o.id', 't.owner_id')
        .selectAll('t')
        .select('o.name as owner_name')
        .where('t.organization_id', '=', organizationId),
    // Only views of the lists the caller holds, and of those its own or shared ones.
    scope: (query, principal) => {
      const lists = listsOf(principal)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return query.where((eb: ExpressionBuilder<any, any>) =>
        eb.and([lists.length ? eb('t.collection', 'in', lists) : eb.lit(false), eb.or([eb('t.owner_id', '=', principal.userId), eb('t.shared', '=', 1)])]),
      )
    },
    toRecord: viewOf,
    create: {
      schema: ViewInput,
      row: async (input, ctx) => {
        // An app id's token acts for an app, and a view belongs to the person who saved it.
        if (ctx.principal.kind === 'app' || !ctx.principal.userId) throw new ApiError(403, message('viewsNeedPerson'))
        mayUse(ctx, input.collection)
        const { query, columns } = check(input.collection, input)
        // Counting and adding run one after the other across requests and processes.
        await lockOrganization(ctx.db, ctx.principal.organizationId)
        const kept = await ctx.db
          .selectFrom('views')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('organization_id', '=', ctx.principal.organizationId)
          .where('owner_id', '=', ctx.principal.userId)
          .where('collection', '=', input.collection)
          .executeTakeFirst()
        if (Number(kept?.count ?? 0) >= VIEWS_PER_OWNER) throw new ApiError(409, message('tooManyViews', { max: VIEWS_PER_OWNER }))
        return { values: { owner_id: ctx.principal.userId, name: input.name, collection: input.collection, query, columns, shared: input.shared ? 1 : 0, pinned: input.pinned ? 1 : 0 } }
      },
    },
    update: {
      schema: ViewUpdate,
      row: async (input, ctx, current) => {
        mayUse(ctx, current.collection)
        const { query, columns } = check(current.collection, input)
        return { name: input.name, query, columns, shared: input.shared ? 1 : 0, pinned: input.pinned ? 1 : 0 }
      },
    },
    // A shared view is seen by many and changed by its owner alone.
    allow: async (ctx, _action, current) => {
      if (current.owner_id !== ctx.principal.userId || !isViewCollection(current.collection)) throw new ApiError(403, message('notYourView'))
    },
    audited: (view, action) => ({ collection: view.collection, action: viewAction(action) }),
  }
}
