import type { Right } from '../../contract/rights'
import { isRight } from '../../contract/rights'
import type { TrailFilters } from '../../ui/audit/use-audit-trail'

/** The trail screen's filters as the address keeps them: days as `YYYY-MM-DD`, empty when unset. */
export interface AddressFilters {
  actor: string
  action: string
  collection: string
  record_id: string
  from: string
  to: string
}

export const FILTER_NAMES = ['actor', 'action', 'collection', 'record_id', 'from', 'to'] as const

/** Entries on a page of the trail screen. */
export const TRAIL_PER_PAGE = 25

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The filters the address holds; a day that is not one, or an unknown record type, is left out. */
export function readFilters(params: URLSearchParams): AddressFilters {
  const get = (name: string) => params.get(name) ?? ''
  const day = (name: string) => (DAY.test(get(name)) ? get(name) : '')
  return {
    actor: get('actor'),
    action: get('action'),
    collection: isRight(get('collection')) ? get('collection') : '',
    record_id: get('record_id'),
    from: day('from'),
    to: day('to'),
  }
}

/** The address's query for `filters`, the empty ones left out, so a shared link names only what narrows. */
export function writeFilters(filters: AddressFilters): string {
  const params = new URLSearchParams()
  for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name])
  return params.toString()
}

/** Midnight starting `day` in the viewer's own time zone, as the server's ISO time; `after` days later. */
export function dayStart(day: string, after = 0): string | undefined {
  if (!DAY.test(day)) return undefined
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const start = new Date(year, month - 1, date + after)
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString()
}

/**
 * What the trail asks the server: `to` is the whole day chosen (up to the next midnight), as a
 * person reading "from 3 to 5 March" means it.
 */
export function trailQuery(filters: AddressFilters): { collection?: Right; recordId?: string; filters: TrailFilters } {
  return {
    collection: isRight(filters.collection) ? filters.collection : undefined,
    recordId: filters.record_id.trim() || undefined,
    filters: {
      actor: filters.actor || undefined,
      action: filters.action || undefined,
      from: dayStart(filters.from),
      to: dayStart(filters.to, 1),
    },
  }
}
