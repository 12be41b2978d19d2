import { collection } from '../../api/collection'
import { call } from '../../api/client'
import { collectionPath } from '../../contract/collections'
import type { AppIdInput, AppIdRecord, IssuedAppId } from '../../contract/app-ids'

/** Creating answers the app id with its client secret, once; every other answer leaves it out. */
export const appIdsApi = collection<AppIdRecord, AppIdInput, IssuedAppId>('app_ids')

/** A new secret for the app id, answered once; the old one stops working at once. */
export const rotateAppId = (id: string) => call<IssuedAppId>('POST', `${collectionPath('app_ids', id)}/rotate`)

export { APP_LIST } from '../../ui/list/list-defaults'
