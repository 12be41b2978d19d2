import type { Kysely, Migration } from 'kysely'

/**
 * Indexes behind the lists' filters (`contract/list-filters.ts`), each starting with the
 * organization as every list query does: a device's firmware, a member's status, a key's
 * revocation, a tunnel's device. Status, last seen and expiry have theirs since the inventory.
 */
const INDEXES = [
  { name: 'devices_organization_firmware', table: 'devices', columns: ['organization_id', 'firmware', 'id'] },
  { name: 'members_organization_status', table: 'members', columns: ['organization_id', 'status'] },
  { name: 'access_keys_organization_revoked', table: 'access_keys', columns: ['organization_id', 'revoked_at'] },
  { name: 'tunnels_organization_device', table: 'tunnels', columns: ['organization_id', 'device_id'] },
] as const

export const listFilters: Migration = {
  async up(db: Kysely<unknown>) {
    for (const index of INDEXES) await db.schema.createIndex(index.name).on(index.table).columns([...index.columns]).execute()
  },
  async down(db: Kysely<unknown>) {
    for (const index of INDEXES) await db.schema.dropIndex(index.name).execute()
  },
}
