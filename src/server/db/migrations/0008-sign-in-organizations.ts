import { sql, type Kysely, type Migration } from 'kysely'

/**
 * Each sign-in keeps the organization it signed into, so an organization lists only the sign-ins
 * into it, never a member's history elsewhere. A sign-in from before is attributed only where its
 * user belonged to one organization; any other stays out of every list until it is swept.
 */
export const signInOrganizations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('sign_ins')
      // No foreign key, so `down` can drop the column on SQLite: a sign-in of a deleted organization is swept with the rest.
      .addColumn('organization_id', 'text')
      .execute()
    await sql`
      update sign_ins set organization_id = (select min(m.organization_id) from members m where m.user_id = sign_ins.user_id)
      where (select count(*) from members m where m.user_id = sign_ins.user_id) = 1
    `.execute(db)
    await db.schema.createIndex('sign_ins_organization_user_at').on('sign_ins').columns(['organization_id', 'user_id', 'at']).execute()
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('sign_ins_organization_user_at').execute()
    await db.schema.alterTable('sign_ins').dropColumn('organization_id').execute()
  },
}
