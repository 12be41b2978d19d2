import type { UserRecord } from '../../contract/users'
import { useRecord } from '../../ui/record/use-record'
import { usersApi } from './users-api'

/** One member, read again quietly when they change elsewhere. */
export const useUser = (id: string) =>
  useRecord<UserRecord>(id, usersApi.get, {
    keptAs: 'user',
    reloadOn: (event) => event.type === 'change' && event.data.collection === 'users' && event.data.id === id,
  })
