import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely'
import { filtersOf } from '../../contract/list-filters'
import { AccessKeyInput, AccessKeyUpdate, HEARTBEAT_SCOPE, type AccessKey, type KeyScope } from '../../contract/access-keys'
import { audit } from '../audit'
import { MAX_KEY_DEPTH, newKey, parseKeyScopes } from '../auth/access-keys'
import type { AnyDb } from '../db/open'
import type { Principal } from '../http/auth'
import { ApiError } from '../http/errors'
import { streamHandle } from '../live/stream'
import { message } from '../messages'
import type { CollectionModule, WriteContext } from './engine'
import { holdsAny } from './list-query'
import { list, obj, orNull, ref, str, time, int } from '../openapi/shapes'

const KEY_RECORD = obj({ id: str, created_at: time, updated_at: time, version: int, name: str, prefix: str, scopes: list(ref('KeyScope')), expires_at: orNull(time), last_used_at: orNull(time), revoked_at: orNull(time) })

const DAY_MS = 24 * 3600_000

/** `heartbeat` is held by whoever may send heartbeats: a holder of `devices`, or a key that may. */
const holds = (principal: Principal, scope: KeyScope) =>
  scope === HEARTBEAT_SCOPE ? principal.rights.includes('devices') || principal.heartbeat === true : principal.rights.includes(scope)

/** The keys made with `keyId`, through any number of keys, and the app ids made with any of them. */
async function madeWith(db: AnyDb, keyId: string) {
  const keys: { id: string; name: string; revoked_at: string | null }[] = []
  const apps: string[] = []
  for (let makers = [keyId]; makers.length; ) {
    const made = await db.selectFrom('access_keys').select(['id', 'name', 'revoked_at']).where('made_by_key', 'in', makers).execute()
    const madeApps = await db.selectFrom('app_ids').select('id').where('made_by_key', 'in', makers).execute()
    keys.push(...made)
    apps.push(...madeApps.map((app: { id: string }) => app.id))
    makers = made.map((key: { id: string }) => key.id)
  }
  return { keys, apps }
}

/** What the revoked key made ends with it, at once: its keys are revoked too, its app ids' tokens and streams end. */
export async function endMadeWith(ctx: WriteContext, keyId: string) {
  const { keys, apps } = await madeWith(ctx.db, keyId)
  const live = keys.filter((key) => !key.revoked_at)
  const organizationId = ctx.principal.organizationId
  if (live.length) {
    const ids = live.map((key) => key.id)
    await ctx.db
      .updateTable('access_keys')
      .set({ revoked_at: ctx.now, updated_at: ctx.now, version: sql`version + 1` })
      .where('id', 'in', ids)
      .where('organization_id', '=', organizationId)
      .execute()
    for (const key of live) await audit(ctx.db, organizationId, ctx.actor, { action: 'revoke', collection: 'access_keys', recordId: key.id, recordName: key.name }, ctx.now)
  }
  if (apps.length) await ctx.db.deleteFrom('app_tokens').where('app_id', 'in', apps).execute()
  const versions = live.length ? await ctx.db.selectFrom('access_keys').select(['id', 'version']).where('id', 'in', live.map((key) => key.id)).execute() : []
  ctx.later(() => {
    for (const key of versions) {
      ctx.services.hub.disconnect(`key:${key.id}`)
      ctx.services.hub.publish(organizationId, 'change', { collection: 'access_keys', id: key.id, action: 'update', version: Number(key.version) })
    }
    for (const appId of apps) ctx.services.hub.disconnect(streamHandle({ kind: 'app', appId, token: '' }))
  })
}

/** A key's expiry as the filter names it: past (`expired`), none (`never`), or ending within days from `now`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function expiryIs(eb: ExpressionBuilder<any, any>, value: string, now: string): Expression<SqlBool> {
  if (value === 'never') return eb('t.expires_at', 'is', null)
  if (value === 'expired') return eb('t.expires_at', '<=', now)
  const days = Number(value.replace('within_', ''))
  return eb.and([eb('t.expires_at', '>', now), eb('t.expires_at', '<=', new Date(Date.parse(now) + days * DAY_MS).toISOString())])
}

/** Keys never leave the list: a revoked one stays, marked, so nobody wonders where it went. */
export const accessKeys: CollectionModule<AccessKey, AccessKeyInput, AccessKeyUpdate> = {
  name: 'access_keys',
  docs: {
    noun: 'access key',
    tag: 'Access keys',
    description:
      'An access key is a Bearer token (`edk_…`) limited to its scopes, to the rights its maker still holds and to its organization. A key of the scope `heartbeat` sends device heartbeats and nothing else. What a key makes lasts no longer and holds no more than the key.',
    record: KEY_RECORD,
    created: { ...KEY_RECORD, properties: { ...(KEY_RECORD.properties as object), secret: { type: 'string', description: 'The key itself, sent this once; only a hash is kept.' } }, required: [...(KEY_RECORD.required as string[]), 'secret'] },
    deletes: 'Revokes the key: it stays listed with `revoked_at`; its own keys are revoked and its app ids\' tokens end.',
    example: { name: 'Kiosk 7', scopes: ['heartbeat'], expires_in_days: 365 },
  },
  right: 'access_keys',
  table: 'access_keys',
  cap: 'access_keys',
  list: {
    search: ['t.name', 't.prefix'],
    sort: { name: 't.name', created_at: 't.created_at', expires_at: 't.expires_at', last_used_at: 't.last_used_at' },
    nullable: ['expires_at', 'last_used_at'],
    defaultSort: { sort: 'created_at', order: 'desc' },
    fields: filtersOf('access_keys'),
    filters: {
      scope: { where: (_eb, scopes, ctx) => holdsAny({ table: 'access_key_scopes', record: 'key_id', item: 'scope' }, scopes, ctx) },
      expiry: { where: (eb, values, ctx) => eb.or(values.map((value) => expiryIs(eb, value, ctx.now))) },
      revoked: {
        where: (eb, values) => (values.length > 1 ? eb.lit(true) : values[0] === 'true' ? eb('t.revoked_at', 'is not', null) : eb('t.revoked_at', 'is', null)),
      },
    },
  },
  // The secret is never stored and its hash never leaves: neither is a column of the record.
  exportColumns: ['id', 'name', 'prefix', 'scopes', 'expires_at', 'last_used_at', 'revoked_at', 'created_at', 'updated_at'],
  select: (db, organizationId) =>
    db
      .selectFrom('access_keys as t')
      .select(['t.id', 't.name', 't.prefix', 't.scopes', 't.expires_at', 't.last_used_at', 't.revoked_at', 't.created_at', 't.updated_at', 't.version'])
      .where('t.organization_id', '=', organizationId),
  toRecord: (row) => ({
    id: String(row.id),
    name: String(row.name),
    prefix: String(row.prefix),
    scopes: parseKeyScopes(String(row.scopes)),
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
      const { principal } = ctx
      // An app's token lasts minutes and speaks for nobody in person: a key it made would outlive it.
      if (principal.kind === 'app') throw new ApiError(403, message('forbidden'))
      // Nobody hands out more than they hold, not even through a key.
      if (input.scopes.some((scope) => !holds(principal, scope))) throw new ApiError(403, message('scopeNotHeld'))
      if ((principal.keyDepth ?? 0) >= MAX_KEY_DEPTH) throw new ApiError(403, message('keyChainTooLong', { max: MAX_KEY_DEPTH }))
      const { key, prefix, hash } = newKey()
      const asked = input.expires_in_days === null ? null : new Date(Date.parse(ctx.now) + input.expires_in_days * DAY_MS).toISOString()
      // A key that makes keys cannot make one that outlives it.
      const limit = principal.expiresAt ?? null
      const expires = limit && (asked === null || asked > limit) ? limit : asked
      return {
        values: {
          name: input.name,
          prefix,
          secret_hash: hash,
          scopes: JSON.stringify([...new Set(input.scopes)]),
          expires_at: expires,
          created_by: principal.userId,
          made_by_key: principal.kind === 'key' ? (principal.keyId ?? null) : null,
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
  afterWrite: async (ctx, done) => {
    if (done.action === 'retire' && done.before) await endMadeWith(ctx, done.before.id)
  },
}
