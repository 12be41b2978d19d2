import { randomUUID } from 'node:crypto'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { sql, type SelectQueryBuilder } from 'kysely'
import type { Struct } from 'superstruct'
import { readRights, type BaseRecord, type CollectionName } from '../../contract/collections'
import type { CapKind } from '../../contract/billing'
import type { Right } from '../../contract/rights'
import { check } from '../../contract/validation'
import type { AuditChange } from '../../contract/audit'
import { actorOf, audit, type Actor } from '../audit'
import { checkCap } from '../billing/caps'
import { diffRecords, recordValues } from '../audit-changes'
import { databaseKind } from '../db/kind'
import { listBatches, listPage } from '../db/list'
import type { AnyDb } from '../db/open'
import { requirePrincipal, type AuthEnv, type Principal } from '../http/auth'
import { invalidInput, readBody, readJson } from '../http/body'
import { ApiError, fail, needsRight } from '../http/errors'
import { linkOrigin } from '../http/origin'
import { message } from '../messages'
import type { Services } from '../services'
import { csvHeader, csvLine, EXPORT_BATCH, EXPORTS_BUSY, exportFormat, exportHeaders, streamedExport } from './export'
import { answerList, filtered, listParams, parseList, type ListShape } from './list-query'
import type { JsonSchema } from '../../contract/json-schema'
import { describe, share } from '../openapi/registry'
import { updateBody } from '../openapi/shapes'

// The engine serves every table alike; each module types its own rows and records.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>
type Row = Record<string, unknown>

export interface WriteContext {
  /** The write's transaction: whatever a hook writes through it stands or falls with the write. */
  db: AnyDb
  principal: Principal
  /** Who the audit trail names, and from where. */
  actor: Actor
  /** ISO time of this request. */
  now: string
  services: Services
  /** The console's origin for links sent by mail (`linkOrigin`). */
  linkOrigin: string
  /** Runs `work` once the write is committed (events, mail); dropped when it is undone. */
  later(work: () => unknown): void
}

/** What a write did, for the hook that follows it. */
export interface WriteDone<Rec> {
  action: 'create' | 'update' | 'delete' | 'retire'
  before?: Rec
  after?: Rec
  /** The checked body of a create or an update. */
  input?: unknown
}

/** How the API's description tells a collection (`openapi/`). */
export interface CollectionDocs {
  /** One record, in words: `device`, `access key`. */
  noun: string
  /** The tag the reference groups its routes under. */
  tag: string
  /** A record as the API answers it. */
  record: JsonSchema
  /** The answer of a create, when it says more than the record (a key's secret, once). */
  created?: JsonSchema
  /** What the README says of the collection. */
  description?: string
  /** What a `DELETE` does, when it does more or other than delete. */
  deletes?: string
  /** Example body of a create, for the reference's curl line. */
  example?: unknown
  /** Answers a create or an update may also give (an alert rule's 429), by status. */
  writeAnswers?: Record<number, { description: string; headers?: string[] }>
}

/** What a resource declares; the engine does the rest. */
export interface CollectionModule<Rec extends BaseRecord, Input, Update = Input> {
  name: CollectionName
  /** How the API's description tells this collection: a collection cannot be served undescribed. */
  docs: CollectionDocs
  right: Right
  /**
   * The rights that may write, when others than `right` (a view is written by the right of its
   * list): the route lets any of them in, and the module checks each record by its own.
   */
  writers?: readonly Right[]
  /**
   * Narrows every read of the caller (list, export, get, and the record a write finds first) to the
   * records it may see, beyond its organization: a personal view is its owner's alone. A record
   * outside it is 404, as another organization's.
   */
  scope?(query: AnySelect, principal: Principal): AnySelect
  /** The right and action the trail files a write under, when not the module's right and the plain action. */
  audited?(record: Rec, action: string): { collection: Right; action: string }
  table: string
  /** The plan's cap a create takes a place under (`checkCap`), refused with 409 when it is full. */
  cap?: CapKind
  /** The column that holds the record's id, when it is not `id` (a member row is found by its user). */
  idColumn?: string
  list: ListShape
  /** The organization's rows as records read them, the table aliased `t`, joins included. */
  select(db: AnyDb, organizationId: string): AnySelect
  toRecord(row: Row): Rec
  /** Completes records with what one row cannot hold portably (a user's roles): one query for a whole page. */
  load?(db: AnyDb, organizationId: string, records: Rec[]): Promise<Rec[]>
  create: {
    schema: Struct<Input, unknown>
    /** Columns of the new row; `reveal` is added to the answer once (a key's secret). */
    row(input: Input, ctx: WriteContext): Promise<{ values: Row; reveal?: Row }>
  }
  update: {
    schema: Struct<Update, unknown>
    row(input: Update, ctx: WriteContext, current: Rec): Promise<Row>
  }
  /** Instead of deleting: the columns that retire the record (a key is revoked, stays listed); null when it already is. */
  retire?(ctx: WriteContext, current: Rec): Promise<Row | null>
  /** The trail's action for `retire`; `revoke` unless said. */
  retireAction?: string
  /** Records of other collections that a delete takes along, to tell open consoles. */
  cascade?(ctx: WriteContext, current: Rec): Promise<{ collection: CollectionName; id: string; version: number }[]>
  /** Refuses a write before it is made (a built-in role), throwing the answer. */
  allow?(ctx: WriteContext, action: 'update' | 'delete', current: Rec, input?: Update): Promise<void>
  /**
   * Runs in the write's transaction after the row is written: related rows, checks of the result
   * (throwing undoes the write), and `ctx.later` for what follows the commit.
   */
  afterWrite?(ctx: WriteContext, done: WriteDone<Rec>): Promise<void>
  /** The message for a unique violation (`isUniqueViolation`) this module's writes can meet; undefined for any other error. */
  duplicate?(error: unknown): string | undefined
  /** The name the trail shows for a record; its `name` unless said. */
  label?(record: Rec): string
  /** The fields an export writes, in order; a record's fields as `toRecord` gives them unless said. Never a secret. */
  exportColumns?: readonly (keyof Rec & string)[]
}

/** What the engine needs: the services every route has. */
export type EngineServices = Services

/** A list total is reused this long at most, while no record of the organization changed. */
export const TOTAL_REUSE_MS = 5000
const MAX_TOTALS = 1000

/**
 * Runs `work` in one transaction with a write context for the request `c`; what it deferred with
 * `later` runs once the transaction is committed. For writes beside a module's own (resend, accept).
 */
export async function runWrite<T>(services: EngineServices, c: Context<AuthEnv>, work: (ctx: WriteContext) => Promise<T>): Promise<T> {
  const principal = c.var.principal
  const actor = await actorOf(services, c, principal)
  const deferred: (() => unknown)[] = []
  const now = services.now().toISOString()
  const origin = linkOrigin(c, services.publicUrl)
  const result = await (services.db as unknown as AnyDb)
    .transaction()
    .execute((trx) => work({ db: trx, principal, actor, now, services, linkOrigin: origin, later: (run) => deferred.push(run) }))
  // In order, each awaited: the events a write publishes are kept before its answer leaves.
  for (const run of deferred) await run()
  return result
}

/** Thrown inside an update whose version another edit took first, so the transaction undoes it. */
class LostRace extends Error {}

/** List, get, create, update and delete for one module, with rights, tenancy, versions and events. */
export function collectionRoutes<Rec extends BaseRecord, Input, Update>(services: EngineServices, module: CollectionModule<Rec, Input, Update>) {
  const db = services.db as unknown as AnyDb
  const base = `/${module.name}`
  const idColumn = module.idColumn ?? 'id'
  const label = module.label ?? ((record: Rec) => String((record as unknown as Row).name ?? ''))

  /** Runs `work` in one transaction with a write context on it; what it deferred runs after the commit. */
  const transact = <T>(c: Context<AuthEnv>, work: (ctx: WriteContext) => Promise<T>): Promise<T> => write(() => runWrite(services, c, work))
  const trail = (ctx: WriteContext, action: string, record: Rec, fields?: string[], changes?: AuditChange[]) => {
    const filed = module.audited?.(record, action) ?? { collection: module.right, action }
    return audit(ctx.db, ctx.principal.organizationId, ctx.actor, { ...filed, recordId: record.id, recordName: label(record), fields, changes }, ctx.now)
  }
  /** The organization's records as the caller may read them. */
  const readable = (on: AnyDb, principal: Principal) => {
    const query = module.select(on, principal.organizationId)
    return module.scope ? module.scope(query, principal) : query
  }

  const filterContext = (organizationId: string) => ({ now: services.now().toISOString(), kind: databaseKind(db), organizationId })
  const complete = (on: AnyDb, organizationId: string, records: Rec[]) => (module.load ? module.load(on, organizationId, records) : Promise.resolve(records))
  const find = async (principal: Principal, id: string, on: AnyDb = db): Promise<Rec | undefined> => {
    if (id.length > 64) return undefined
    const row = await readable(on, principal).where(`t.${idColumn}`, '=', id).executeTakeFirst()
    return row ? (await complete(on, principal.organizationId, [module.toRecord(row as Row)]))[0] : undefined
  }
  const mustFind = async (principal: Principal, id: string, on: AnyDb = db) => {
    const record = await find(principal, id, on)
    if (!record) throw fail(404, 'notFound')
    return record
  }
  // Counting every matching row is most of a list's cost; pages of one question reuse its total.
  const totals = new Map<string, { total: number; generation: number; at: number }>()
  const totalOf = (key: string, organizationId: string) => async (count: () => Promise<number>) => {
    // Shared by every process on PostgreSQL: another process's change makes this one count again.
    const generation = await services.hub.generation(organizationId)
    const now = Date.now()
    const known = totals.get(key)
    if (known && known.generation === generation && now - known.at < TOTAL_REUSE_MS) return known.total
    const total = await count()
    if (totals.size >= MAX_TOTALS) totals.clear()
    totals.set(key, { total, generation, at: now })
    return total
  }
  const changed = (ctx: WriteContext, record: Rec, action: 'create' | 'update' | 'delete') =>
    ctx.later(() => services.hub.publish(ctx.principal.organizationId, 'change', { collection: module.name, id: record.id, action, version: record.version }))
  const write = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      const duplicate = module.duplicate?.(error)
      if (duplicate) throw new ApiError(409, duplicate)
      throw error
    }
  }

  // Reading takes the module's right or one that may read it (`readRights`); writing its right alone.
  const readers = new Set<Right>([module.right, ...readRights(module.name)])
  const writers = new Set<Right>(module.writers ?? [module.right])
  const allowed: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const rights = c.var.principal.rights
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD'
    if (!rights.some((right) => (reading ? readers : writers).has(right))) throw needsRight(...(reading ? readers : writers))
    await next()
  }

  describeCollection(module)
  return new Hono<AuthEnv>()
    .use(`${base}/*`, requirePrincipal(services), allowed)
    .get(base, async (c) => {
      const list = parseList(c, module.list)
      const principal = c.var.principal
      const organizationId = principal.organizationId
      const query = filtered(readable(db, principal), module.list, list, filterContext(organizationId))
      // A scoped list counts what its caller sees: its total is the caller's own.
      const reuse = totalOf(JSON.stringify([organizationId, module.scope ? [principal.userId, principal.rights] : null, list.q, list.filters]), organizationId)
      const page = await listPage<Row>(query, list, { ...module.list, id: 't.id' }, reuse, db)
      return answerList(c, page, await complete(db, organizationId, page.rows.map(module.toRecord)))
    })
    // Every row the list asks for, all pages, streamed from the database in batches.
    .get(`${base}/export`, async (c) => {
      const format = exportFormat(c)
      const list = parseList(c, module.list)
      const organizationId = c.var.principal.organizationId
      const query = filtered(readable(db, c.var.principal), module.list, list, filterContext(organizationId))
      const batches = listBatches<Row>(query, list, { ...module.list, id: 't.id' }, db, EXPORT_BATCH)
      let columns = module.exportColumns as readonly string[] | undefined
      const write = async (rows: Row[]) => {
        const records = (await complete(db, organizationId, rows.map(module.toRecord))) as unknown as Row[]
        if (format === 'jsonl') return records.map((record) => `${JSON.stringify(record)}\n`).join('')
        const header = columns ? '' : csvHeader((columns = Object.keys(records[0] ?? {})))
        return header + records.map((record) => csvLine(columns!, record)).join('')
      }
      const start = format === 'csv' && columns ? csvHeader(columns) : ''
      return streamedExport(c.var.principal, exportHeaders(module.name, format, services.now()), start, batches, write)
    })
    .get(`${base}/:id`, async (c) => c.json(await mustFind(c.var.principal, c.req.param('id'))))
    .post(base, async (c) => {
      const input = await readBody(c, module.create.schema)
      const answer = await transact(c, async (ctx) => {
        if (module.cap) await checkCap(ctx, module.cap)
        const { values, reveal } = await module.create.row(input, ctx)
        const id = randomUUID()
        const organizationId = ctx.principal.organizationId
        await ctx.db
          .insertInto(module.table)
          .values({ ...values, id, organization_id: organizationId, created_at: ctx.now, updated_at: ctx.now, version: 1 })
          .execute()
        const record = await mustFind(ctx.principal, idColumn === 'id' ? id : String(values[idColumn]), ctx.db)
        await module.afterWrite?.(ctx, { action: 'create', after: record, input })
        await trail(ctx, 'create', record, undefined, recordValues(record, 'after'))
        changed(ctx, record, 'create')
        return { ...record, ...reveal }
      })
      return c.json(answer, 201)
    })
    .put(`${base}/:id`, async (c) => {
      const principal = c.var.principal
      const organizationId = principal.organizationId
      const id = c.req.param('id')
      await mustFind(principal, id)
      const body = await readJson(c)
      const version = body && typeof body === 'object' ? (body as Row).version : undefined
      if (typeof version !== 'number' || !Number.isInteger(version)) throw invalidInput({ version: 'validation.required' })
      const result = check(module.update.schema, pick(body as Row, module.update.schema))
      if (!result.ok) throw invalidInput(result.errors)
      const input = result.value
      const outcome = await transact<{ conflict: Rec } | { record: Rec }>(c, async (ctx) => {
        const current = await mustFind(principal, id, ctx.db)
        if (current.version !== version) return { conflict: current }
        await module.allow?.(ctx, 'update', current, input)
        const values = await module.update.row(input, ctx, current)
        const updated = await ctx.db
          .updateTable(module.table)
          .set({ ...values, updated_at: ctx.now, version: sql`version + 1` })
          .where(idColumn, '=', current.id)
          .where('organization_id', '=', organizationId)
          .where('version', '=', version)
          .executeTakeFirst()
        // Another edit of the same version committed first (a database running transactions side
        // by side lets both read it): undo all of this one and answer the 409.
        if (updated.numUpdatedRows === 0n) throw new LostRace()
        const record = await mustFind(principal, current.id, ctx.db)
        await module.afterWrite?.(ctx, { action: 'update', before: current, after: record, input })
        await trail(ctx, 'update', record, changedFields(current, record), diffRecords(current, record))
        changed(ctx, record, 'update')
        return { record }
      }).catch(async (error: unknown) => {
        if (error instanceof LostRace) return { conflict: await mustFind(principal, id) }
        throw error
      })
      if ('conflict' in outcome) return c.json({ message: message('conflict'), current: outcome.conflict }, 409)
      return c.json(outcome.record)
    })
    .delete(`${base}/:id`, async (c) => {
      const principal = c.var.principal
      const organizationId = principal.organizationId
      const id = c.req.param('id')
      await mustFind(principal, id)
      const answer = await transact(c, async (ctx) => {
        const current = await mustFind(principal, id, ctx.db)
        if (module.retire) {
          const values = await module.retire(ctx, current)
          if (!values) return current
          await ctx.db
            .updateTable(module.table)
            .set({ ...values, updated_at: ctx.now, version: sql`version + 1` })
            .where(idColumn, '=', current.id)
            .where('organization_id', '=', organizationId)
            .execute()
          const record = await mustFind(principal, current.id, ctx.db)
          await module.afterWrite?.(ctx, { action: 'retire', before: current, after: record })
          await trail(ctx, module.retireAction ?? 'revoke', record, undefined, diffRecords(current, record))
          changed(ctx, record, 'update')
          return record
        }
        await module.allow?.(ctx, 'delete', current)
        const alsoGone = (await module.cascade?.(ctx, current)) ?? []
        await ctx.db.deleteFrom(module.table).where(idColumn, '=', current.id).where('organization_id', '=', organizationId).execute()
        await module.afterWrite?.(ctx, { action: 'delete', before: current })
        await trail(ctx, 'delete', current, undefined, recordValues(current, 'before'))
        changed(ctx, { ...current, version: current.version + 1 }, 'delete')
        ctx.later(() => {
          for (const gone of alsoGone) services.hub.publish(organizationId, 'change', { ...gone, action: 'delete' })
        })
        return current
      })
      return c.json(answer)
    })
}

/** Declares a collection's five routes in the API's description, with its rights, list parameters and shapes. */
export function describeCollection<Rec extends BaseRecord, Input, Update>(module: CollectionModule<Rec, Input, Update>): void {
  const { docs, name } = module
  const base = `/${name}`
  // The noun with its article: "an access key", "a device".
  const one = `${/^[aeio]/i.test(docs.noun) ? 'an' : 'a'} ${docs.noun}`
  const One = one.charAt(0).toUpperCase() + one.slice(1)
  const readers = [...new Set([module.right, ...readRights(name)])]
  const writers = [...(module.writers ?? [module.right])]
  // One shared schema per collection (`DeviceRecord`), which each of its routes refers to.
  const named = `${docs.noun.replace(/(^|\s)(\w)/g, (_, __, letter: string) => letter.toUpperCase())}Record`
  share(named, docs.record)
  const record = { $ref: `#/components/schemas/${named}` }
  const common = { tag: docs.tag, caller: 'principal' as const }
  const writeAnswers = Object.fromEntries(Object.entries(docs.writeAnswers ?? {}).map(([status, answer]) => [status, { ...answer, body: { ref: 'Error' } }]))
  describe(
    {
      ...common,
      method: 'get',
      path: base,
      rights: readers,
      summary: `List ${docs.noun}s`,
      description: [docs.description, `A page of the organization's ${docs.noun}s: search with \`q\`, sort, page and filter; the total of all pages is in \`X-Total-Count\`.`]
        .filter(Boolean)
        .join('\n\n'),
      query: listParams(module.list),
      answers: {
        200: { description: `The page of ${docs.noun}s.`, body: { type: 'array', items: record }, headers: ['X-Total-Count'] },
        400: { description: 'A search, sort, order, page, page size or filter the list does not take.', body: { ref: 'Error' } },
      },
    },
    {
      ...common,
      method: 'get',
      path: `${base}/export`,
      rights: readers,
      summary: `Export ${docs.noun}s`,
      description: `Every ${docs.noun} the list's search and filters find, all pages, in its sort, streamed from the database in batches as CSV or JSON Lines. CSV cells that begin with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return get a leading \`'\`; no secret or hash is a column.`,
      query: [
        { name: 'format', description: 'CSV or JSON Lines.', schema: { type: 'string', enum: ['csv', 'jsonl'], default: 'csv' } },
        ...listParams(module.list).filter((param) => param.name !== 'page' && param.name !== 'per_page'),
      ],
      answers: {
        200: { description: 'The rows, as a file to save (`Content-Disposition: attachment`).', type: 'text/csv' },
        400: { description: 'A format, search, sort or filter the list does not take.', body: { ref: 'Error' } },
        429: EXPORTS_BUSY,
      },
    },
    { ...common, method: 'get', path: `${base}/:id`, rights: readers, summary: `Get ${one}`, answers: { 200: { description: `The ${docs.noun}.`, body: record } } },
    {
      ...common,
      method: 'post',
      path: base,
      rights: writers,
      summary: `Create ${one}`,
      body: module.create.schema,
      example: docs.example,
      answers: {
        201: { description: `The new ${docs.noun}.`, body: docs.created ?? record },
        ...writeAnswers,
        409: { description: module.cap ? `${One} like it exists already, or the plan's cap of ${docs.noun}s is reached.` : `${One} like it exists already.`, body: { ref: 'Error' } },
      },
    },
    {
      ...common,
      method: 'put',
      path: `${base}/:id`,
      rights: writers,
      summary: `Update ${one}`,
      description: 'Send the record back with the `version` it was read at; fields it does not take are ignored.',
      body: updateBody(module.update.schema),
      answers: {
        200: { description: `The ${docs.noun} as saved.`, body: record },
        ...writeAnswers,
        409: {
          description: 'Another edit saved first: `current` is the record as it is now.',
          body: { type: 'object', properties: { message: { type: 'string' }, current: record }, required: ['message', 'current'], additionalProperties: false },
        },
      },
    },
    {
      ...common,
      method: 'delete',
      path: `${base}/:id`,
      rights: writers,
      summary: module.retire ? `Revoke ${one}` : `Delete ${one}`,
      description: docs.deletes,
      answers: { 200: { description: module.retire ? `The ${docs.noun}, revoked; it stays listed.` : `The ${docs.noun} as it was.`, body: record } },
    },
  )
}

/** The fields whose values differ between two versions of a record, bookkeeping left out. */
export function changedFields(before: object, after: object): string[] {
  const skip = new Set(['id', 'created_at', 'updated_at', 'version'])
  const a = before as Row
  const b = after as Row
  return Object.keys(b).filter((key) => !skip.has(key) && JSON.stringify(a[key]) !== JSON.stringify(b[key]))
}

/** The fields a schema knows, from a full record sent back: read-only fields are left out. */
function pick<T>(body: Row, schema: Struct<T, unknown>): Row {
  const keys = Object.keys((schema.schema ?? {}) as object)
  return Object.fromEntries(keys.filter((key) => Object.hasOwn(body, key)).map((key) => [key, body[key]]))
}
