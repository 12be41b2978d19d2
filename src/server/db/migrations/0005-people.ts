import { bytesType } from '../kind'
import { sql, type Kysely, type Migration } from 'kysely'

/**
 * People and access: a user's place in each organization (`members`, with its own status and
 * version; `memberships` stay the role assignments), invitations, the audit trail, app ids and
 * their tokens, sign-in records, avatars, and what a session remembers of how it began.
 */
export const people: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('members')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('current', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addUniqueConstraint('members_organization_user', ['organization_id', 'user_id'])
      .execute()
    await db.schema.createIndex('members_user').on('members').columns(['user_id', 'current']).execute()
    // Everyone already in an organization becomes its member, active, keeping their current one.
    await sql`
      insert into members (id, organization_id, user_id, status, current, created_at, updated_at, version)
      select min(m.id), m.organization_id, m.user_id, 'active', max(m.current), min(m.created_at), min(m.created_at), 1
      from memberships m group by m.organization_id, m.user_id
    `.execute(db)

    await db.schema
      .createTable('invitations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('invited_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute()
    await db.schema.createIndex('invitations_member').on('invitations').columns(['organization_id', 'user_id']).execute()

    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('collection', 'text', (c) => c.notNull())
      .addColumn('record_id', 'text', (c) => c.notNull())
      .addColumn('record_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema.createIndex('audit_events_organization_at').on('audit_events').columns(['organization_id', 'at', 'id']).execute()
    await db.schema
      .createIndex('audit_events_record')
      .on('audit_events')
      .columns(['organization_id', 'collection', 'record_id', 'at'])
      .execute()

    await db.schema
      .createTable('app_ids')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('created_by', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('redirect_uris', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('rotated_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute()
    for (const column of ['name', 'created_at']) {
      await db.schema.createIndex(`app_ids_organization_${column}`).on('app_ids').columns(['organization_id', column, 'id']).execute()
    }

    await db.schema
      .createTable('app_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('app_id', 'text', (c) => c.notNull().references('app_ids.id').onDelete('cascade'))
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('app_tokens_app').on('app_tokens').column('app_id').execute()

    await db.schema
      .createTable('sign_ins')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .execute()
    await db.schema.createIndex('sign_ins_user_at').on('sign_ins').columns(['user_id', 'at']).execute()

    await db.schema
      .createTable('avatars')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', bytesType(db), (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()

    await db.schema.alterTable('users').addColumn('presence', 'text', (c) => c.notNull().defaultTo('online')).execute()
    await db.schema.alterTable('tokens').addColumn('method', 'text', (c) => c.notNull().defaultTo('password')).execute()
    await db.schema.alterTable('tokens').addColumn('ip', 'text', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('tokens').addColumn('user_agent', 'text', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('oauth_codes').addColumn('provider', 'text', (c) => c.notNull().defaultTo('')).execute()
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('oauth_codes').dropColumn('provider').execute()
    for (const column of ['user_agent', 'ip', 'method']) await db.schema.alterTable('tokens').dropColumn(column).execute()
    await db.schema.alterTable('users').dropColumn('presence').execute()
    for (const table of ['avatars', 'sign_ins', 'app_tokens', 'app_ids', 'audit_events', 'invitations', 'members']) {
      await db.schema.dropTable(table).execute()
    }
  },
}
