import { EnrollmentKeyInput, EnrollmentKeyUpdate, type EnrollmentKey } from '../../contract/enrollment'
import { tagColumns } from '../collections/devices'
import type { CollectionModule } from '../collections/engine'
import { parseTags } from '../db/devices'
import { ENROLLMENT_KEY_LIST, enrollmentKeysOf } from '../db/enrollment-keys'
import { refuse } from '../problem'
import { newEnrollmentKey } from './secrets'

const DAY_MS = 24 * 3600_000

/** An enrollment key's record: never its secret nor the secret's hash. */
export const toEnrollmentKey = (row: Record<string, unknown>): EnrollmentKey => ({
  id: String(row.id),
  name: String(row.name),
  prefix: String(row.prefix),
  max_uses: Number(row.max_uses),
  uses: Number(row.uses),
  expires_at: String(row.expires_at),
  tags: parseTags(row.tags),
  location: String(row.location),
  model: String(row.model),
  approve: Number(row.approve) !== 0,
  ephemeral: Number(row.ephemeral) !== 0,
  last_used_at: row.last_used_at === null ? null : String(row.last_used_at),
  revoked_at: row.revoked_at === null ? null : String(row.revoked_at),
  created_at: String(row.created_at),
  updated_at: String(row.updated_at),
  version: Number(row.version),
})

/**
 * Enrollment keys (right `devices`): made with their secret answered once, renamed, revoked (a
 * revoked key stays listed, marked). The trail files them under the devices they enroll.
 */
export const enrollmentKeys: CollectionModule<EnrollmentKey, EnrollmentKeyInput, EnrollmentKeyUpdate> = {
  name: 'enrollment_keys',
  right: 'devices',
  table: 'enrollment_keys',
  list: ENROLLMENT_KEY_LIST,
  // The secret is never stored and its hash never leaves: neither is a column of the record.
  exportColumns: ['id', 'name', 'prefix', 'max_uses', 'uses', 'expires_at', 'tags', 'location', 'model', 'approve', 'ephemeral', 'last_used_at', 'revoked_at', 'created_at', 'updated_at'],
  select: enrollmentKeysOf,
  toRecord: toEnrollmentKey,
  audited: (_record, action) => ({ collection: 'devices', action: `${action}_enrollment_key` }),
  create: {
    schema: EnrollmentKeyInput,
    row: async (input, ctx) => {
      // An app's token lasts minutes and speaks for nobody in person.
      if (ctx.principal.kind === 'app') throw refuse('forbidden', 'forbidden')
      const { secret, prefix, hash } = newEnrollmentKey()
      // A key made with an access key ends with it, and does not outlive it.
      const asked = new Date(Date.parse(ctx.now) + input.expires_in_days * DAY_MS).toISOString()
      const limit = ctx.principal.expiresAt ?? null
      return {
        values: {
          name: input.name,
          prefix,
          secret_hash: hash,
          max_uses: input.max_uses,
          uses: 0,
          expires_at: limit && limit < asked ? limit : asked,
          tags: tagColumns(input.tags).tags,
          location: input.location.trim(),
          model: input.model.trim(),
          approve: input.approve ? 1 : 0,
          ephemeral: input.ephemeral ? 1 : 0,
          created_by: ctx.principal.userId || null,
          made_by_key: ctx.principal.kind === 'key' ? (ctx.principal.keyId ?? null) : null,
        },
        reveal: { secret },
      }
    },
  },
  update: {
    schema: EnrollmentKeyUpdate,
    row: async (input) => ({ name: input.name }),
  },
  retire: async (ctx, current) => (current.revoked_at ? null : { revoked_at: ctx.now }),
}
