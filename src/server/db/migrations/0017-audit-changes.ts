import type { Kysely, Migration } from 'kysely'

/**
 * Each audit entry keeps what it changed, field by field (`changes`, a JSON list: values before and
 * after, a secret only named), and the trail is read by who wrote and what they did, so those
 * filters are indexed within the organization beside its time order.
 */
export const auditChanges: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]')).execute()
    await db.schema.createIndex('audit_events_organization_actor').on('audit_events').columns(['organization_id', 'actor_id', 'at']).execute()
    await db.schema.createIndex('audit_events_organization_action').on('audit_events').columns(['organization_id', 'action', 'at']).execute()
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('audit_events_organization_action').execute()
    await db.schema.dropIndex('audit_events_organization_actor').execute()
    await db.schema.alterTable('audit_events').dropColumn('changes').execute()
  },
}
