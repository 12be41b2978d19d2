import type { RoleRecord } from '../../contract/roles'
import { useRecord } from '../../ui/record/use-record'
import { rolesApi } from './roles-api'

/** One role, read again quietly when it changes elsewhere, or when a user's roles change (its member count moves). */
export const useRole = (id: string) =>
  useRecord<RoleRecord>(id, rolesApi.get, {
    keptAs: 'role',
    reloadOn: (event) => event.type === 'change' && (event.data.collection === 'users' || (event.data.collection === 'roles' && event.data.id === id)),
  })
