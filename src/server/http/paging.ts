import type { Context } from 'hono'
import { PER_PAGE_CHOICES } from '../../contract/collections'
import { message } from '../messages'
import { ApiError } from './errors'

/** A page asked for, checked: from 1, `perPage` one of the allowed sizes. */
export interface PageAsked {
  page: number
  perPage: number
}

/** What a list takes for its paging; each list keeps its own. */
export interface PagingRules {
  /** The most digits `page` may have (6 unless told). */
  pageDigits?: number
  /** The highest page, when the list has one. */
  maxPage?: number
  /** The sizes `per_page` may take (`PER_PAGE_CHOICES` unless told). */
  choices?: readonly number[]
  /** The size when `per_page` is not given (25 unless told). */
  defaultPerPage?: number
}

/** `page` and `per_page` as given (absent is undefined), checked against `rules`; 400 with a message otherwise. */
export function readPage(pageText: string | undefined, perPageText: string | undefined, rules: PagingRules = {}): PageAsked {
  const { pageDigits = 6, maxPage, choices = PER_PAGE_CHOICES, defaultPerPage = 25 } = rules
  const pageGiven = pageText ?? '1'
  const page = new RegExp(`^\\d{1,${pageDigits}}$`).test(pageGiven) ? Number(pageGiven) : NaN
  if (!(page >= 1 && (maxPage === undefined || page <= maxPage))) throw new ApiError(400, message('badPage'))
  const perPageGiven = perPageText ?? String(defaultPerPage)
  const perPage = Number(perPageGiven)
  if (!/^\d{1,3}$/.test(perPageGiven) || !choices.includes(perPage)) throw new ApiError(400, message('badPerPage', { allowed: choices.join(', ') }))
  return { page, perPage }
}

/** The page a request's query asks for (`page`, `per_page`), checked against `rules`. */
export const pageOf = (c: Context, rules?: PagingRules): PageAsked => readPage(c.req.query('page'), c.req.query('per_page'), rules)

/** Answers one page of a list: its rows as JSON, the total of all pages in `X-Total-Count`. */
export function answerPage<T>(c: Context, rows: T[], total: number) {
  c.header('X-Total-Count', String(total))
  return c.json(rows)
}
