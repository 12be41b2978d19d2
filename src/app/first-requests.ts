import { collectionPath, type CollectionName } from '../contract/collections'
import { APP_LIST, DEVICE_LIST, KEY_LIST, ORGANIZATION_LIST, ROLE_LIST, TUNNEL_LIST, USER_LIST } from '../features/list-defaults'
import type { ListDefaults } from '../ui/list/list-url'
import type { ScreenKey } from './route-table'

/** The request a screen makes first: a collection's list, read from the address with its defaults. */
export interface FirstRequest {
  collection: CollectionName
  list: ListDefaults
}

/**
 * What each screen asks the server for first. The page's start script sends these while the code
 * downloads, with the very query the screen will build, and the screen takes the answer.
 */
export const FIRST_REQUESTS: Partial<Record<ScreenKey, FirstRequest>> = {
  devices: { collection: 'devices', list: DEVICE_LIST },
  tunnels: { collection: 'tunnels', list: TUNNEL_LIST },
  'access-keys': { collection: 'access_keys', list: KEY_LIST },
  users: { collection: 'users', list: USER_LIST },
  roles: { collection: 'roles', list: ROLE_LIST },
  organizations: { collection: 'organizations', list: ORGANIZATION_LIST },
  'app-ids': { collection: 'app_ids', list: APP_LIST },
}

export const firstRequestPath = (request: FirstRequest) => collectionPath(request.collection)
