import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { AppIdInput, AppIdUpdate, CLIENT_ID_PREFIX, type AppIdRecord, type IssuedAppId } from '../../../contract/app-ids'
import type { Right } from '../../../contract/rights'
import { actorOf } from '../../audit/routes'
import { audit } from '../../audit/trail'
import { parseRights } from '../../auth/accounts'
import { hashSecret, newSecret } from '../../auth/tokens'
import type { CollectionModule, WriteContext } from '../../collections/engine'
import type { AnyDb } from '../../db/open'
import { appIdRow, appIdsQuery, deleteAppTokensOf, makersOfApp, replaceAppSecret } from '../../db/people/app-ids'
import { inTransaction } from '../../db/transaction'
import { requirePrincipal, requireRight, type AuthEnv, type Principal } from '../../http/auth'
import { ApiError, fail } from '../../http/errors'
import { streamHandle } from '../../live/stream'
import { message } from '../../messages'
import type { Services } from '../../services'
import { orNull, record, time, str } from '../../openapi/shapes'
import { describe } from '../../openapi/registry'

const APP_RECORD = record(AppIdInput, { client_id: str, rotated_at: orNull(time) })

/** The handle that ends the events streams opened with the app's tokens. */
const appStreams = (appId: string) => streamHandle({ kind: 'app', appId, token: '' })

const parseList = (json: string): string[] => {
  try {
    const list: unknown = JSON.parse(json)
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

/** A new client id: public, unguessable only so nobody can list an organization's apps by trying. */
const newClientId = () => CLIENT_ID_PREFIX + randomBytes(8).toString('hex')

/** Nobody hands out more than they hold: scopes the caller lacks are refused, unless the app had them already. */
function mustHold(principal: Principal, scopes: readonly Right[], had: readonly Right[] = []) {
  if (scopes.some((scope) => !had.includes(scope) && !principal.rights.includes(scope))) throw new ApiError(403, message('appScopeNotHeld'))
}

/** Acting on an app id (rotating it, deleting it, taking a scope away) needs every right it holds. */
function mustHoldAll(principal: Principal, scopes: readonly Right[]) {
  if (scopes.some((scope) => !principal.rights.includes(scope))) throw new ApiError(403, message('appNotHeld'))
}

/**
 * Whose rights the app speaks within: the user who made it; and the key it was made with, whose end
 * is its end. An app that makes an app passes on both, so every app traces back to a person whose
 * rights bound it, and no app outlives the key behind it.
 */
async function makerOf(ctx: WriteContext): Promise<{ created_by: string | null; made_by_key: string | null }> {
  const { principal } = ctx
  if (principal.kind !== 'app') return { created_by: principal.userId, made_by_key: principal.kind === 'key' ? (principal.keyId ?? null) : null }
  const row = await makersOfApp(ctx.db, principal.appId ?? '')
  return { created_by: (row?.created_by as string | null | undefined) ?? null, made_by_key: (row?.made_by_key as string | null | undefined) ?? null }
}

const select = appIdsQuery

const toRecord = (row: Record<string, unknown>): AppIdRecord => ({
  id: String(row.id),
  name: String(row.name),
  client_id: String(row.client_id),
  redirect_uris: parseList(String(row.redirect_uris)),
  scopes: parseRights(String(row.scopes)),
  rotated_at: row.rotated_at === null ? null : String(row.rotated_at),
  created_at: String(row.created_at),
  updated_at: String(row.updated_at),
  version: Number(row.version),
})

/** The app ids of the organization: OAuth2 clients whose secret is kept only as a hash. */
export const appIds: CollectionModule<AppIdRecord, AppIdInput, AppIdUpdate> = {
  name: 'app_ids',
  docs: {
    noun: 'app id',
    tag: 'App ids',
    description: 'App ids trade their client id and secret for a Bearer token at `POST /oauth/token` (client credentials grant), limited to the app id\'s scopes.',
    record: APP_RECORD,
    created: { ...APP_RECORD, properties: { ...(APP_RECORD.properties as object), client_secret: { type: 'string', description: 'Sent this once; only a hash is kept.' } }, required: [...(APP_RECORD.required as string[]), 'client_secret'] },
    example: { name: 'Reporting', scopes: ['devices'] },
  },
  right: 'app_ids',
  table: 'app_ids',
  cap: 'app_ids',
  list: {
    search: ['t.name', 't.client_id'],
    sort: { name: 't.name', created_at: 't.created_at', rotated_at: 't.rotated_at' },
    nullable: ['rotated_at'],
    defaultSort: { sort: 'created_at', order: 'desc' },
    filters: {},
  },
  select,
  toRecord,
  create: {
    schema: AppIdInput,
    row: async (input, ctx) => {
      mustHold(ctx.principal, input.scopes)
      const secret = newSecret()
      return {
        values: {
          name: input.name,
          client_id: newClientId(),
          secret_hash: hashSecret(secret),
          redirect_uris: JSON.stringify([...new Set(input.redirect_uris ?? [])]),
          scopes: JSON.stringify([...new Set(input.scopes)]),
          rotated_at: null,
          ...(await makerOf(ctx)),
        },
        reveal: { client_secret: secret },
      }
    },
  },
  update: {
    schema: AppIdUpdate,
    row: async (input, ctx, current) => {
      mustHold(ctx.principal, input.scopes, current.scopes)
      return {
        name: input.name,
        // Left out, they stay as they are: the console no longer shows them.
        ...(input.redirect_uris ? { redirect_uris: JSON.stringify([...new Set(input.redirect_uris)]) } : {}),
        scopes: JSON.stringify([...new Set(input.scopes)]),
      }
    },
  },
  allow: async (ctx, action, current, input) => {
    mustHoldAll(ctx.principal, action === 'delete' || !input ? current.scopes : current.scopes.filter((scope) => !input.scopes.includes(scope)))
  },
  afterWrite: async (ctx, done) => {
    if (done.action !== 'delete' || !done.before) return
    const id = done.before.id
    // The foreign key takes the tokens along; saying it here keeps that true on any storage.
    await deleteAppTokensOf(ctx.db, id)
    ctx.later(() => ctx.services.hub.disconnect(appStreams(id)))
  },
}

/**
 * `POST /app_ids/{id}/rotate`: a new secret, answered once; the old one and every token issued
 * with it stop working at once.
 */
describe({
  method: 'post',
  path: '/app_ids/:id/rotate',
  tag: 'App ids',
  summary: 'Rotate an app id\'s secret',
  description: 'A new `client_secret`, sent this once; the old one and its tokens end at once.',
  caller: 'principal',
  rights: ['app_ids'],
  answers: {
    200: {
      description: 'The app id with its new secret.',
      body: { ...APP_RECORD, properties: { ...(APP_RECORD.properties as object), client_secret: { type: 'string' } }, required: [...(APP_RECORD.required as string[]), 'client_secret'] },
    },
  },
})

export function appIdRoutes(services: Services) {
  const db = services.db as unknown as AnyDb
  return new Hono<AuthEnv>().post('/app_ids/:id/rotate', requirePrincipal(services), requireRight('app_ids'), async (c) => {
    const principal = c.var.principal
    const id = c.req.param('id')
    const organizationId = principal.organizationId
    const actor = await actorOf(services, c, principal)
    const at = services.now().toISOString()
    const secret = newSecret()
    const record = await inTransaction(db, async (trx) => {
      const row = id.length <= 64 ? await appIdRow(select(trx, organizationId), id) : undefined
      if (!row) throw fail(404, 'notFound')
      // The new secret trades for a token of every scope: only someone holding them all may have it.
      mustHoldAll(principal, toRecord(row as Record<string, unknown>).scopes)
      await replaceAppSecret(trx, organizationId, id, hashSecret(secret), at)
      await deleteAppTokensOf(trx, id)
      const rotated = toRecord((await appIdRow(select(trx, organizationId), id))!)
      await audit(trx, organizationId, actor, { action: 'rotate', collection: 'app_ids', recordId: id, recordName: rotated.name, fields: ['client_secret'] }, at)
      return rotated
    })
    services.hub.disconnect(appStreams(id))
    services.hub.publish(organizationId, 'change', { collection: 'app_ids', id, action: 'update', version: record.version })
    const answer: IssuedAppId = { ...record, client_secret: secret }
    return c.json(answer)
  })
}
