import { collectionPath, type CollectionName, type QueryValues } from '../contract/collections'
import { APP_LIST, DEVICE_LIST, ENROLLMENT_KEY_LIST, KEY_LIST, ORGANIZATION_LIST, ROLE_LIST, RULE_LIST, TUNNEL_LIST, USER_LIST, WEBHOOK_LIST } from '../ui/list/list-defaults'
import { FIRING_PER_PAGE, historyPage } from '../features/alerts/alert-pages'
import { readFilters, TRAIL_PER_PAGE, trailQuery } from '../features/audit/audit-filters'
import { ALERT_MUTES_PATH, ALERTS_PATH, OPENAPI_PATH } from '../contract/paths'
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
 * What each screen asks the server for first, one export per screen (`<screen>First`, the key in
 * camel case) so that a page's start script carries only its own screen's. The page's start
 * script sends these while the code downloads, with the very query the screen will build, and the
 * screen takes the answer. Home asks for its figures and the first page of the recent changes; the
 * alerts screen for what fires, the page of ended alerts its address names and the mutes; a detail
 * page for its record; the API reference for the API's description.
 */
export const devicesFirst: FirstRequest = { collection: 'devices', list: DEVICE_LIST }
export const tunnelsFirst: FirstRequest = { collection: 'tunnels', list: TUNNEL_LIST }
export const accessKeysFirst: FirstRequest = { collection: 'access_keys', list: KEY_LIST }
export const usersFirst: FirstRequest = { collection: 'users', list: USER_LIST }
export const rolesFirst: FirstRequest = { collection: 'roles', list: ROLE_LIST }
export const organizationsFirst: FirstRequest = { collection: 'organizations', list: ORGANIZATION_LIST }
export const appIdsFirst: FirstRequest = { collection: 'app_ids', list: APP_LIST }
export const enrollmentKeysFirst: FirstRequest = { collection: 'enrollment_keys', list: ENROLLMENT_KEY_LIST }
export const webhooksFirst: FirstRequest = { collection: 'webhooks', list: WEBHOOK_LIST }
export const alertRulesFirst: FirstRequest = { collection: 'alert_rules', list: RULE_LIST }
export const deviceFirst: FirstRequest = { record: 'devices' }
export const userFirst: FirstRequest = { record: 'users' }
export const roleFirst: FirstRequest = { record: 'roles' }
export const alertsFirst: FirstRequest[] = [
  { path: ALERTS_PATH, query: () => ({ state: 'firing', per_page: String(FIRING_PER_PAGE) }) },
  { path: ALERTS_PATH, query: (search) => ({ state: 'resolved', page: String(historyPage(search).page), per_page: String(historyPage(search).perPage) }) },
  { path: ALERT_MUTES_PATH },
]
export const auditFirst: FirstRequest = { path: AUDIT_PATH, query: trailPage }
export const apiReferenceFirst: FirstRequest = { path: OPENAPI_PATH }
export const homeFirst: FirstRequest[] = [{ path: SUMMARY_PATH }, { path: AUDIT_PATH, query: () => ({ page: '1', per_page: String(RECENT_CHANGES) }) }]
export const billingFirst: FirstRequest = { path: BILLING_PATH }
export const networkFirst: FirstRequest = { path: NETWORK_METRICS_PATH, query: (search) => ({ range: readRange(search) }) }
export const trafficFirst: FirstRequest = { path: TRAFFIC_METRICS_PATH, query: (search) => ({ range: readRange(search) }) }

/** Each screen's first requests, by its key. */
export const FIRST_REQUESTS: Partial<Record<ScreenKey, FirstRequest | FirstRequest[]>> = {
  devices: devicesFirst,
  tunnels: tunnelsFirst,
  'access-keys': accessKeysFirst,
  users: usersFirst,
  roles: rolesFirst,
  organizations: organizationsFirst,
  'app-ids': appIdsFirst,
  webhooks: webhooksFirst,
  'enrollment-keys': enrollmentKeysFirst,
  'alert-rules': alertRulesFirst,
  device: deviceFirst,
  user: userFirst,
  role: roleFirst,
  alerts: alertsFirst,
  audit: auditFirst,
  'api-reference': apiReferenceFirst,
  home: homeFirst,
  billing: billingFirst,
  network: networkFirst,
  traffic: trafficFirst,
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
