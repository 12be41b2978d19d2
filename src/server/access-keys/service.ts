import { AccessKeyInput, AccessKeyUpdate, HEARTBEAT_SCOPE, type AccessKey, type KeyScope } from '../../contract/access-keys'
import { audit } from '../audit/trail'
import { ACCESS_KEY_LIST, accessKeysOf, endAppTokens, keyVersions, madeByKeys, MAX_KEY_DEPTH, revokeKeys } from '../db/access-keys'
import type { AnyDb } from '../db/open'
import type { Principal } from '../auth/principal'
import { streamHandle } from '../live/stream'
import { refuse } from '../problem'
import { newKey, parseKeyScopes } from './keys'
import type { CollectionModule, WriteContext } from '../collections/engine'

const DAY_MS = 24 * 3600_000

/** `heartbeat` is held by whoever may send heartbeats: a holder of `devices`, or a key that may. */
const holds = (principal: Principal, scope: KeyScope) =>
  scope === HEARTBEAT_SCOPE ? principal.rights.includes('devices') || principal.heartbeat === true : principal.rights.includes(scope)

/** The keys made with `keyId`, through any number of keys, and the app ids made with any of them. */
async function madeWith(db: AnyDb, keyId: string) {
  const keys: { id: string; name: string; revoked_at: string | null }[] = []
  const apps: string[] = []
  for (let makers = [keyId]; makers.length; ) {
    const made = await madeByKeys(db, makers)
    keys.push(...made.keys)
    apps.push(...made.apps)
    makers = made.keys.map((key) => key.id)
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
    await revokeKeys(ctx.db, organizationId, ids, ctx.now)
    for (const key of live) await audit(ctx.db, organizationId, ctx.actor, { action: 'revoke', collection: 'access_keys', recordId: key.id, recordName: key.name }, ctx.now)
  }
  if (apps.length) await endAppTokens(ctx.db, apps)
  const versions = live.length ? await keyVersions(ctx.db, live.map((key) => key.id)) : []
  ctx.later(() => {
    for (const key of versions) {
      ctx.services.hub.disconnect(`key:${key.id}`)
      ctx.services.hub.publish(organizationId, 'change', { collection: 'access_keys', id: key.id, action: 'update', version: Number(key.version) })
    }
    for (const appId of apps) ctx.services.hub.disconnect(streamHandle({ kind: 'app', appId, token: '' }))
  })
}

/** Keys never leave the list: a revoked one stays, marked, so nobody wonders where it went. */
export const accessKeys: CollectionModule<AccessKey, AccessKeyInput, AccessKeyUpdate> = {
  name: 'access_keys',
  right: 'access_keys',
  table: 'access_keys',
  cap: 'access_keys',
  list: ACCESS_KEY_LIST,
  // The secret is never stored and its hash never leaves: neither is a column of the record.
  exportColumns: ['id', 'name', 'prefix', 'scopes', 'expires_at', 'last_used_at', 'revoked_at', 'created_at', 'updated_at'],
  select: accessKeysOf,
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
      if (principal.kind === 'app') throw refuse('forbidden', 'forbidden')
      // Nobody hands out more than they hold, not even through a key.
      if (input.scopes.some((scope) => !holds(principal, scope))) throw refuse('forbidden', 'scopeNotHeld')
      if ((principal.keyDepth ?? 0) >= MAX_KEY_DEPTH) throw refuse('forbidden', 'keyChainTooLong', { max: MAX_KEY_DEPTH })
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
