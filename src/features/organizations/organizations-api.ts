import { collection } from '../../api/collection'
import type { OrganizationInput, OrganizationRecord } from '../../contract/organizations'
import type { ListDefaults } from '../../ui/list/list-url'

export const organizationsApi = collection<OrganizationRecord, OrganizationInput>('organizations')

export const ORGANIZATION_LIST: ListDefaults = { sort: 'name', order: 'asc', perPage: 10, filters: [] }
