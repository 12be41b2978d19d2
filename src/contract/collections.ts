import { readersOf, type Right } from './rights'

/** What every collection record carries. `version` goes back with each `PUT`; a stale one is 409. */
export interface BaseRecord {
  id: string
  created_at: string
  updated_at: string
  version: number
}

/** Page sizes the list endpoint takes; the console offers the first three, 5, 10 and 25 rows. */
export const PER_PAGE_CHOICES = [5, 10, 25, 50, 100] as const
export const CONSOLE_PER_PAGE = [5, 10, 25] as const
export type Order = 'asc' | 'desc'

/** The collections of the management area; each but the alert rules, webhooks, views and enrollment keys (right `devices`) is named by the right that opens it. */
export const COLLECTIONS = ['devices', 'tunnels', 'access_keys', 'users', 'roles', 'app_ids', 'organizations', 'alert_rules', 'webhooks', 'views', 'enrollment_keys'] as const
export type CollectionName = (typeof COLLECTIONS)[number]

/** The lists a saved view can be of (`contract/views.ts`): those that take filters, each opened by the right of its name. */
export const VIEW_COLLECTIONS = ['devices', 'access_keys', 'users', 'tunnels'] as const satisfies readonly Right[]
export type ViewCollection = (typeof VIEW_COLLECTIONS)[number]

/**
 * What a change event is about: a collection, or `alerts` (an alert fired, resolved or was
 * acknowledged; a mute was made or removed), which is no collection of the engine.
 */
export type ChangeTopic = CollectionName | 'alerts'

/**
 * The rights that read a collection and hear of its changes: the right of its name; for alert
 * rules, webhooks and alerts `alerts` or `devices` (whoever watches the fleet may see what it is
 * watched for); for views the right of any list a view can be of (each view is checked by its own);
 * for enrollment keys `devices`.
 */
export const readRights = (name: ChangeTopic): readonly Right[] =>
  name === 'alert_rules' || name === 'webhooks' || name === 'alerts'
    ? readersOf('alerts')
    : name === 'views'
      ? VIEW_COLLECTIONS
      : name === 'enrollment_keys'
        ? ['devices']
        : [name]

/** `/{collection}/` relative to `{host}`. */
export const collectionPath = (name: CollectionName, id?: string) => (id ? `/${name}/${encodeURIComponent(id)}` : `/${name}/`)

/** A list request: search, sort, page and filters, as the URL and the query string both hold it. */
export interface ListQuery {
  q?: string
  sort?: string
  order?: Order
  page?: number
  per_page?: number
  /**
   * Filters the collection declares (`contract/list-filters.ts`), field -> values: any value of a
   * field matches, every field must. Sent as `filter[<field>]=<value>`, once per value.
   */
  filters?: Record<string, readonly string[]>
}

/** A query string's values: a list is sent as the same name once per value. */
export type QueryValues = Record<string, string | number | readonly string[] | undefined>

/** A 409 answer: the record as it is now, so the console can show both sides. */
export interface ConflictAnswer<T> {
  message: string
  current: T
}

/** `event: change` on the events stream. */
export interface ChangeEvent {
  collection: ChangeTopic
  id: string
  action: 'create' | 'update' | 'delete'
  version: number
}

/** `event: device` on the events stream. */
export interface DeviceEvent {
  id: string
  status: string
  last_seen: string | null
}

/**
 * `event: rights` on the events stream: the rights or the organizations of these users changed. A
 * stream only carries it to the users it names, as `{}`: the console reads `/users/self` again.
 */
export interface RightsEvent {
  users: string[]
}

export const EVENTS_PATH = '/events'
