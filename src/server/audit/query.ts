import { AUDIT_FILTERS, type ActorKind, type AuditEntry } from '../../contract/audit'
import { isRight, type Right } from '../../contract/rights'
import type { AuditEventRow } from '../db/schema'
import type { TrailFilters } from '../db/audit'
import { message } from '../messages'
import { needsRight, Problem } from '../problem'
import { parseChanges } from './changes'

/** Every action a view's trail entries carry: a view's write is filed under its list's collection, told apart by its action. */
export const VIEW_ACTIONS = ['create', 'update', 'delete'].map((action) => `${action}_view`)

/** What the trail's list was asked for, checked: the filters combine (all must hold). */
export interface AuditQuery extends TrailFilters {
  /** The collections whose entries may show: the one asked for, else every one the caller holds. */
  visible: Right[]
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

const bad = (text: string) => new Problem('invalid', text)

/** An ISO time as the trail stores them (UTC, milliseconds), or a refusal naming the filter. */
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
 * Reads the trail list's filters: `collection`, `record_id`, `actor` (who wrote: a user's, a key's
 * or an app id's id), `action`, `from` and `to`, each checked, any name other than those and the
 * page's refused. A collection the caller does not hold is forbidden: its entries are not theirs to see.
 */
export function readAuditQuery(query: Record<string, string>, rights: Right[]): AuditQuery {
  const unknown = Object.keys(query).find((name) => !KNOWN.has(name))
  if (unknown !== undefined) throw bad(message('unknownTrailFilter', { name: unknown.slice(0, 40), allowed: AUDIT_FILTERS.join(', ') }))
  const collection = query.collection
  if (collection !== undefined && !isRight(collection)) throw bad(message('badFilter', { name: 'collection' }))
  if (collection && !rights.includes(collection)) throw needsRight(collection)
  const recordId = word('record_id', query.record_id)
  const actorId = word('actor', query.actor)
  const action = query.action
  if (action !== undefined && !/^[a-z_]{1,32}$/.test(action)) throw bad(message('badFilter', { name: 'action' }))
  const from = isoTime('from', query.from)
  const to = isoTime('to', query.to)
  if (from && to && from >= to) throw bad(message('badRange'))
  return { visible: collection ? [collection] : rights, recordId, actorId, action, from, to }
}

const parseFields = (json: string): string[] => {
  try {
    const list: unknown = JSON.parse(json)
    return Array.isArray(list) ? list.filter((field): field is string => typeof field === 'string') : []
  } catch {
    return []
  }
}

/** A row of the trail as the API answers it. */
export const toEntry = (row: AuditEventRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  actor: { kind: row.actor_kind as ActorKind, id: row.actor_id, name: row.actor_name },
  action: row.action,
  collection: row.collection as Right,
  record_id: row.record_id,
  record_name: row.record_name,
  fields: parseFields(row.fields),
  changes: parseChanges(row.changes),
  ip: row.ip,
  user_agent: row.user_agent,
})
