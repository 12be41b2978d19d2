import { collection } from '../../api/collection'
import type { OrganizationInput, OrganizationRecord } from '../../contract/organizations'

export const organizationsApi = collection<OrganizationRecord, OrganizationInput>('organizations')

export { ORGANIZATION_LIST } from '../../ui/list/list-defaults'
