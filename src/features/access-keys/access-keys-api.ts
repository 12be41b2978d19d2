import { collection } from '../../api/collection'
import type { AccessKey, AccessKeyInput, AccessKeyUpdate, IssuedKey } from '../../contract/access-keys'

/** Issuing answers the key with its secret, once; the list and every other answer carry only the prefix. */
export const keysApi = collection<AccessKey, AccessKeyInput, IssuedKey>('access_keys')
/** After issue only the name changes. */
export const renameApi = collection<AccessKey, AccessKeyUpdate>('access_keys')

export { KEY_LIST } from '../../ui/list/list-defaults'
