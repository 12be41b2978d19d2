import type { Context } from 'hono'
import { AUDIT_FILTERS } from '../contract/audit'
import { PER_PAGE_CHOICES } from '../contract/collections'
import { isRight, type Right } from '../contract/rights'
import { VIEW_ACTIONS } from './collections/views'
import type { Db } from './db/open'
import type { Principal } from './http/auth'
import { ApiError, needsRight } from './http/errors'
import { message } from './messages'

/** What the trail's list was asked for, checked: the filters combine (all must hold). */
export interface AuditQuery {
  /** The collections whose entries may show: the one asked for, else every one the caller holds. */
  visible: Right[]
  recordId?: string
  actorId?: string
  action?: string
  /** ISO times: from included, to excluded. */
  from?: string
  to?: string
  page: number
  perPage: number
}

const PAGING = ['page', 'per_page'] as const
const KNOWN = new Set<string>([...AUDIT_FILTERS, ...PAGING])

/** A date (`2026-01-31`) or a date and time with its zone (`2026-01-31T12:00:00Z`, `…+02:00`). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/

/** The date part names a day the calendar has (no 31 February, which Date.parse would roll over). */
function realDay(text: string): boolean {
  const [year = 0, month = 0, day = 0] = text.slice(0, 10).split('-').map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const bad = (text: string) => new ApiError(400, text)

/** An ISO time as the trail stores them (UTC, milliseconds), or a 400 naming the filter. */
function isoTime(name: 'from' | 'to', text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  const ms = ISO_TIME.test(text) && realDay(text) ? Date.parse(text) : NaN
  if (!Number.isFinite(ms)) throw bad(message('badDate', { name }))
  return new Date(ms).toISOString()
}

/** An id or a name as the trail keeps them: 1 to 64 characters. */
function word(name: 'record_id' | 'actor', text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  if (text.length === 0 || text.length > 64) throw bad(message('badFilter', { name }))
  return text
}

/**
 * Reads `GET /audit/`'s query: `collection`, `record_id`, `actor` (who wrote: a user's, a key's or
 * an app id's id), `action`, `from` and `to`, each checked, any other name refused, and the page.
 * A collection the caller does not hold is 403: its entries are not theirs to see.
 */
export function readAuditQuery(c: Context, principal: Principal): AuditQuery {
  const query = c.req.query()
  const unknown = Object.keys(query).find((name) => !KNOWN.has(name))
  if (unknown !== undefined) throw bad(message('unknownTrailFilter', { name: unknown.slice(0, 40), allowed: AUDIT_FILTERS.join(', ') }))
  const collection = query.collection
  if (collection !== undefined && !isRight(collection)) throw bad(message('badFilter', { name: 'collection' }))
  if (collection && !principal.rights.includes(collection)) throw needsRight(collection)
  const recordId = word('record_id', query.record_id)
  const actorId = word('actor', query.actor)
  const action = query.action
  if (action !== undefined && !/^[a-z_]{1,32}$/.test(action)) throw bad(message('badFilter', { name: 'action' }))
  const from = isoTime('from', query.from)
  const to = isoTime('to', query.to)
  if (from && to && from >= to) throw bad(message('badRange'))
  const pageText = query.page ?? '1'
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : NaN
  if (!(page >= 1)) throw bad(message('badPage'))
  const perPageText = query.per_page ?? '25'
  const perPage = Number(perPageText)
  if (!/^\d{1,3}$/.test(perPageText) || !(PER_PAGE_CHOICES as readonly number[]).includes(perPage)) {
    throw bad(message('badPerPage', { allowed: PER_PAGE_CHOICES.join(', ') }))
  }
  return { visible: collection ? [collection] : principal.rights, recordId, actorId, action, from, to, page, perPage }
}

/**
 * The organization's trail as `principal` may read it, for the list and the export alike: the
 * `visible` collections, and of a personal view's entries only its owner's. A view's entries are
 * filed under its list; they show to every holder of that right while the view is shared, and
 * once it is deleted only to who wrote them (its owner, or a key of theirs).
 */
export function trailQuery(db: Db, principal: Principal, visible: Right[]) {
  const { organizationId, userId } = principal
  return db
    .selectFrom('audit_events')
    .where('audit_events.organization_id', '=', organizationId)
    .where('audit_events.collection', 'in', visible)
    .where((eb) => {
      const view = () => eb.selectFrom('views').select('views.id').whereRef('views.id', '=', 'audit_events.record_id').where('views.organization_id', '=', organizationId)
      const myKeys = eb.selectFrom('access_keys').select('access_keys.id').where('access_keys.organization_id', '=', organizationId).where('access_keys.created_by', '=', userId)
      return eb.or([
        eb('audit_events.action', 'not in', VIEW_ACTIONS),
        eb.exists(view().where((v) => v.or([v('views.shared', '=', 1), v('views.owner_id', '=', userId)]))),
        eb.and([
          eb.not(eb.exists(view())),
          eb.or([
            eb.and([eb('audit_events.actor_kind', '=', 'user'), eb('audit_events.actor_id', '=', userId)]),
            eb.and([eb('audit_events.actor_kind', '=', 'key'), eb('audit_events.actor_id', 'in', myKeys)]),
          ]),
        ]),
      ])
    })
}
