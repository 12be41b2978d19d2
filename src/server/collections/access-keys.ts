import { AccessKeyInput, AccessKeyUpdate, type AccessKey } from '../../contract/access-keys'
import { newKey } from '../auth/access-keys'
import { parseRights } from '../auth/accounts'
import { ApiError } from '../http/errors'
import { message } from '../messages'
import type { CollectionModule } from './engine'

const DAY_MS = 24 * 3600_000

/** Keys never leave the list: a revoked one stays, marked, so nobody wonders where it went. */
export const accessKeys: CollectionModule<AccessKey, AccessKeyInput, AccessKeyUpdate> = {
  name: 'access_keys',
  right: 'access_keys',
  table: 'access_keys',
  list: {
    search: ['t.name', 't.prefix'],
    sort: { name: 't.name', created_at: 't.created_at', expires_at: 't.expires_at', last_used_at: 't.last_used_at' },
    defaultSort: { sort: 'created_at', order: 'desc' },
    filters: {},
  },
  select: (db, organizationId) =>
    db
      .selectFrom('access_keys as t')
      .select(['t.id', 't.name', 't.prefix', 't.scopes', 't.expires_at', 't.last_used_at', 't.revoked_at', 't.created_at', 't.updated_at', 't.version'])
      .where('t.organization_id', '=', organizationId),
  toRecord: (row) => ({
    id: String(row.id),
    name: String(row.name),
    prefix: String(row.prefix),
    scopes: parseRights(String(row.scopes)),
    expires_at: row.expires_at === null ? null : String(row.expires_at),
    last_used_at: row.last_used_at === null ? null : String(row.last_used_at),
    revoked_at: row.revoked_at === null ? null : String(row.revoked_at),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    version: Number(row.version),
  }),
  create: {
    schema: AccessKeyInput,
    row: async (input, ctx) => {
      // An app's token lasts minutes and speaks for nobody in person: a key it made would outlive it.
      if (ctx.principal.kind === 'app') throw new ApiError(403, message('forbidden'))
      // Nobody hands out more than they hold, not even through a key.
      if (input.scopes.some((scope) => !ctx.principal.rights.includes(scope))) throw new ApiError(403, message('scopeNotHeld'))
      const { key, prefix, hash } = newKey()
      const asked = input.expires_in_days === null ? null : new Date(Date.parse(ctx.now) + input.expires_in_days * DAY_MS).toISOString()
      // A key that makes keys cannot make one that outlives it.
      const limit = ctx.principal.expiresAt ?? null
      const expires = limit && (asked === null || asked > limit) ? limit : asked
      return {
        values: {
          name: input.name,
          prefix,
          secret_hash: hash,
          scopes: JSON.stringify([...new Set(input.scopes)]),
          expires_at: expires,
          created_by: ctx.principal.userId,
        },
        reveal: { secret: key },
      }
    },
  },
  update: {
    schema: AccessKeyUpdate,
    row: async (input) => ({ name: input.name }),
  },
  retire: async (ctx, current) => {
    ctx.services.hub.disconnect(`key:${current.id}`)
    return current.revoked_at ? null : { revoked_at: ctx.now }
  },
}
