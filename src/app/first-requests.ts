import { collectionPath, type CollectionName, type QueryValues } from '../contract/collections'
import { APP_LIST, DEVICE_LIST, KEY_LIST, ORGANIZATION_LIST, ROLE_LIST, RULE_LIST, TUNNEL_LIST, USER_LIST, WEBHOOK_LIST } from '../features/list-defaults'
import { FIRING_PER_PAGE, historyPage } from '../features/alerts/alert-pages'
import { readFilters, TRAIL_PER_PAGE, trailQuery } from '../features/audit/audit-filters'
import { ALERTS_PATH, OPENAPI_PATH } from '../contract/paths'
import { listParams } from '../api/list-params'
import { BILLING_PATH } from '../contract/billing-paths'
import { NETWORK_METRICS_PATH, TRAFFIC_METRICS_PATH } from '../contract/metrics'
import { SUMMARY_PATH } from '../contract/summary'
import { AUDIT_PATH, RECENT_CHANGES } from '../contract/audit'
import { readRange } from '../ui/charts/range'
import { readListQuery, type ListDefaults } from '../ui/list/list-url'
import type { ScreenKey } from './route-table'

/**
 * The request a screen makes first: a collection's list, read from the address with its
 * defaults; the record of a collection the address's `id` names (a detail page); or a path with
 * the query the screen reads from the address.
 */
export type FirstRequest =
  | { collection: CollectionName; list: ListDefaults }
  | { record: CollectionName }
  | { path: string; query?: (search: URLSearchParams) => Record<string, string | undefined> }

/** The trail screen's first page, narrowed as its address says. */
function trailPage(search: URLSearchParams): Record<string, string | undefined> {
  const { collection, recordId, filters } = trailQuery(readFilters(search))
  return { collection, record_id: recordId, ...filters, page: '1', per_page: String(TRAIL_PER_PAGE) }
}

/**
 * What each screen asks the server for first. The page's start script sends these while the code
 * downloads, with the very query the screen will build, and the screen takes the answer. Home asks
 * for its figures and the first page of the recent changes; the alerts screen for what fires, the
 * page of ended alerts its address names and the mutes; a detail page for its record; the API
 * reference for the API's description.
 */
export const FIRST_REQUESTS: Partial<Record<ScreenKey, FirstRequest | FirstRequest[]>> = {
  devices: { collection: 'devices', list: DEVICE_LIST },
  tunnels: { collection: 'tunnels', list: TUNNEL_LIST },
  'access-keys': { collection: 'access_keys', list: KEY_LIST },
  users: { collection: 'users', list: USER_LIST },
  roles: { collection: 'roles', list: ROLE_LIST },
  organizations: { collection: 'organizations', list: ORGANIZATION_LIST },
  'app-ids': { collection: 'app_ids', list: APP_LIST },
  webhooks: { collection: 'webhooks', list: WEBHOOK_LIST },
  'alert-rules': { collection: 'alert_rules', list: RULE_LIST },
  device: { record: 'devices' },
  user: { record: 'users' },
  role: { record: 'roles' },
  alerts: [
    { path: ALERTS_PATH, query: () => ({ state: 'firing', per_page: String(FIRING_PER_PAGE) }) },
    { path: ALERTS_PATH, query: (search) => ({ state: 'resolved', page: String(historyPage(search).page), per_page: String(historyPage(search).perPage) }) },
    { path: `${ALERTS_PATH}/mutes` },
  ],
  audit: { path: AUDIT_PATH, query: trailPage },
  'api-reference': { path: OPENAPI_PATH },
  home: [{ path: SUMMARY_PATH }, { path: AUDIT_PATH, query: () => ({ page: '1', per_page: String(RECENT_CHANGES) }) }],
  billing: { path: BILLING_PATH },
  network: { path: NETWORK_METRICS_PATH, query: (search) => ({ range: readRange(search) }) },
  traffic: { path: TRAFFIC_METRICS_PATH, query: (search) => ({ range: readRange(search) }) },
}

/** The path and query of `request` for the address's `search`, as the screen will ask; none for a detail page without an id. */
export function firstRequestOf(request: FirstRequest, search: URLSearchParams): { path: string; query?: QueryValues } | undefined {
  if ('collection' in request) return { path: collectionPath(request.collection), query: listParams(readListQuery(search, request.list)) }
  if ('record' in request) {
    const id = search.get('id')
    return id ? { path: collectionPath(request.record, id) } : undefined
  }
  return { path: request.path, query: request.query?.(search) }
}
