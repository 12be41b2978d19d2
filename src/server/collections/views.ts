import { checkView, isViewCollection, VIEW_COLLECTIONS, VIEWS_PER_OWNER, ViewInput, ViewUpdate, type View, type ViewCollection, type ViewProblem, type ViewQuery } from '../../contract/views'
import { MAX_FILTER_VALUES } from '../../contract/list-filters'
import type { Principal } from '../auth/principal'
import { lockOrganization } from '../billing/usage'
import { VIEW_LIST, viewsKept, viewsOf, viewsSeenBy } from '../db/views'
import { needsRight, Problem, refuse } from '../problem'
import { message } from '../messages'
import type { CollectionModule, WriteContext } from './engine'
import type { ListShape } from '../db/records'

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
function refused(problem: ViewProblem): Problem {
  const text = refusal(problem)
  return new Problem('invalid', text, { [problem.field]: text })
}

/** How the trail names a write of a view: filed under its list's collection, so told apart by its action. */
const viewAction = (action: string) => `${action}_view`
/** Every action a view's trail entries carry. */
export const VIEW_ACTIONS = ['create', 'update', 'delete'].map(viewAction)

/** The lists whose views `principal` may read and write: those of the rights it holds. */
const listsOf = (principal: Principal): ViewCollection[] => VIEW_COLLECTIONS.filter((name) => principal.rights.includes(name))

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
    // Each view is checked by the right of its list (`writers`, `scope`, `audited`); this one names the module alone.
    right: 'devices',
    writers: VIEW_COLLECTIONS,
    table: 'views',
    cap: 'views',
    list: VIEW_LIST,
    select: viewsOf,
    // Only views of the lists the caller holds, and of those its own or shared ones.
    scope: (query, principal) => viewsSeenBy(query, principal.userId, listsOf(principal)),
    toRecord: viewOf,
    create: {
      schema: ViewInput,
      row: async (input, ctx) => {
        // An app id's token acts for an app, and a view belongs to the person who saved it.
        if (ctx.principal.kind === 'app' || !ctx.principal.userId) throw refuse('forbidden', 'viewsNeedPerson')
        mayUse(ctx, input.collection)
        const { query, columns } = check(input.collection, input)
        // Counting and adding run one after the other across requests and processes.
        await lockOrganization(ctx.db, ctx.principal.organizationId)
        const kept = await viewsKept(ctx.db, ctx.principal.organizationId, ctx.principal.userId, input.collection)
        if (kept >= VIEWS_PER_OWNER) throw refuse('conflict', 'tooManyViews', { max: VIEWS_PER_OWNER })
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
      if (current.owner_id !== ctx.principal.userId || !isViewCollection(current.collection)) throw refuse('forbidden', 'notYourView')
    },
    audited: (view, action) => ({ collection: view.collection, action: viewAction(action) }),
  }
}
