import type { ViewCollection, View, ViewInput, ViewUpdate } from '../contract/views'
import { collection } from './collection'

/** Saved views: list, get, create, update (with version), remove. */
export const viewsApi = collection<View, ViewInput | ViewUpdate>('views')

/** The most views a list's menu or the console's menu shows. */
export const VIEWS_SHOWN = 100

/** The views of one list the caller may open, by name. */
export const viewsOf = (list: ViewCollection, signal?: AbortSignal) =>
  viewsApi.list({ sort: 'name', order: 'asc', per_page: VIEWS_SHOWN, filters: { collection: [list] } }, signal)

/** The pinned views the caller may open, for the menu. */
export const pinnedViews = (signal?: AbortSignal) => viewsApi.list({ sort: 'name', order: 'asc', per_page: VIEWS_SHOWN, filters: { pinned: ['true'] } }, signal)
