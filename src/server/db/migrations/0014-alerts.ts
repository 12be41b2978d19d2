import { sql, type Kysely, type Migration } from 'kysely'

/**
 * Alert rules (a collection), the alerts they raise and the mutes that hush them. `alerts` holds one
 * row per episode of a rule's condition on one device (or access key): open while `resolved_at` is
 * null, at most one open per rule and subject (a partial unique index, so two evaluators opening
 * the same alert at once make one). A `metric` rule's alert waits with `fired_at` null until the
 * metric has stayed past its threshold for the rule's duration. The notification columns are what
 * keeps a restart from mailing twice: a mail is claimed by setting them before it is sent.
 * The built-in Administrator roles gain the new right `alerts`, as they hold every right.
 */
export const alerts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alert_rules')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('tag', 'text')
      .addColumn('device_id', 'text')
      .addColumn('condition', 'text', (c) => c.notNull())
      .addColumn('grace_s', 'integer', (c) => c.notNull())
      .addColumn('metric', 'text')
      .addColumn('threshold', 'double precision')
      .addColumn('duration_s', 'integer', (c) => c.notNull())
      .addColumn('days', 'integer')
      .addColumn('user_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('emails', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('repeat_s', 'integer', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    for (const column of ['name', 'created_at', 'condition']) {
      await db.schema.createIndex(`alert_rules_organization_${column}`).on('alert_rules').columns(['organization_id', column, 'id']).execute()
    }

    await db.schema
      .createTable('alerts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('rule_id', 'text', (c) => c.notNull().references('alert_rules.id').onDelete('cascade'))
      .addColumn('subject_kind', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('subject_name', 'text', (c) => c.notNull())
      .addColumn('condition', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('fired_at', 'text')
      .addColumn('resolved_at', 'text')
      .addColumn('last_notified_at', 'text')
      .addColumn('resolved_notified_at', 'text')
      .addColumn('notified_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('acked_at', 'text')
      .addColumn('acked_by', 'text')
      .addColumn('ack_note', 'text')
      .execute()
    await db.schema.createIndex('alerts_open').on('alerts').columns(['rule_id', 'subject_id']).unique().where(sql.ref('resolved_at'), 'is', null).execute()
    await db.schema.createIndex('alerts_rule_resolved').on('alerts').columns(['rule_id', 'resolved_at']).execute()
    await db.schema.createIndex('alerts_subject').on('alerts').columns(['subject_id', 'resolved_at']).execute()
    await db.schema.createIndex('alerts_organization_fired').on('alerts').columns(['organization_id', 'fired_at', 'id']).execute()

    await db.schema
      .createTable('alert_mutes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('rule_id', 'text', (c) => c.references('alert_rules.id').onDelete('cascade'))
      .addColumn('device_id', 'text', (c) => c.references('devices.id').onDelete('cascade'))
      .addColumn('until', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('alert_mutes_organization_until').on('alert_mutes').columns(['organization_id', 'until']).execute()

    const roles = await sql<{ id: string; rights: string }>`select id, rights from roles where builtin = 1`.execute(db)
    for (const role of roles.rows) {
      const rights = JSON.parse(role.rights) as string[]
      if (!rights.includes('alerts')) await sql`update roles set rights = ${JSON.stringify([...rights, 'alerts'])} where id = ${role.id}`.execute(db)
    }
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['alert_mutes', 'alerts', 'alert_rules']) await db.schema.dropTable(table).execute()
  },
}
