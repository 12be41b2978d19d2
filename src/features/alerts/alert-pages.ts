import { CONSOLE_PER_PAGE } from '../../contract/collections'

// What the alerts screen asks for, read from its address: kept apart from the calls, so the /app
// page's start script asks the very same while the screen's code downloads.

/** Alerts firing now come in one page this long; the history pages by `HISTORY_PER_PAGE`. */
export const FIRING_PER_PAGE = 100
export const HISTORY_PER_PAGE = 10

const positive = (text: string | null, fallback: number) => (text && /^\d{1,6}$/.test(text) && Number(text) > 0 ? Number(text) : fallback)

/** The page of ended alerts the address asks for: its `page`, and its `per_page` when the console offers that size. */
export function historyPage(params: URLSearchParams): { page: number; perPage: number } {
  const asked = positive(params.get('per_page'), HISTORY_PER_PAGE)
  return { page: positive(params.get('page'), 1), perPage: (CONSOLE_PER_PAGE as readonly number[]).includes(asked) ? asked : HISTORY_PER_PAGE }
}
