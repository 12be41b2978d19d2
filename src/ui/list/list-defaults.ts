import type { ListDefaults } from './list-url'

// Each list's defaults, in one module without side effects: the screens use them, and the
// `/app` page's start script asks for a list's first page with them before any screen loads. The
// filters are the names of the collection's declared filter fields (`contract/list-filters.ts`).

export const APP_LIST: ListDefaults = { sort: 'created_at', order: 'desc', perPage: 10, filters: [] }
export const DEVICE_LIST: ListDefaults = { sort: 'name', order: 'asc', perPage: 10, filters: ['status', 'tag', 'firmware', 'model', 'location', 'enabled', 'name', 'last_seen_before', 'last_seen_after'] }
export const ENROLLMENT_KEY_LIST: ListDefaults = { sort: 'created_at', order: 'desc', perPage: 10, filters: ['revoked'] }
export const INVOICE_LIST: ListDefaults = { sort: 'period', order: 'desc', perPage: 10, filters: [] }
export const KEY_LIST: ListDefaults = { sort: 'created_at', order: 'desc', perPage: 10, filters: ['scope', 'expiry', 'revoked'] }
export const ORGANIZATION_LIST: ListDefaults = { sort: 'name', order: 'asc', perPage: 10, filters: [] }
export const RULE_LIST: ListDefaults = { sort: 'name', order: 'asc', perPage: 10, filters: [] }
export const ROLE_LIST: ListDefaults = { sort: 'name', order: 'asc', perPage: 10, filters: [] }
export const TUNNEL_LIST: ListDefaults = { sort: 'name', order: 'asc', perPage: 10, filters: ['device_id', 'protocol', 'status'] }
export const USER_LIST: ListDefaults = { sort: 'name', order: 'asc', perPage: 10, filters: ['status', 'role'] }
export const WEBHOOK_LIST: ListDefaults = { sort: 'name', order: 'asc', perPage: 10, filters: [] }
