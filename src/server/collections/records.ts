import { randomUUID } from 'node:crypto'
import type { BaseRecord } from '../../contract/collections'
import type { AuditChange } from '../../contract/audit'
import { audit } from '../audit/trail'
import { checkCap } from '../billing/caps'
import { diffRecords, recordValues } from '../audit/changes'
import { listBatches, listPage } from '../db/list'
import type { AnyDb } from '../db/open'
import { deleteRecord, filterContext, filtered, insertRecord, recordRow, updateRecord, type RecordAt } from '../db/records'
import type { Principal } from '../auth/principal'
import { Problem, refuse } from '../problem'
import { changedFields, writeAs, type CollectionModule, type EngineServices, type WriteContext, type Writer } from './engine'
import type { ParsedList } from './list-query'

type Row = Record<string, unknown>

/** A list total is reused this long at most, while no record of the organization changed. */
export const TOTAL_REUSE_MS = 5000
const MAX_TOTALS = 1000

/** Thrown inside an update whose version another edit took first, so the transaction undoes it. */
class LostRace extends Error {}

/** Reads and writes of one module's records, with tenancy, versions, audit and change events. */
export function collectionRecords<Rec extends BaseRecord, Input, Update>(services: EngineServices, module: CollectionModule<Rec, Input, Update>) {
  const db = services.db as unknown as AnyDb
  const idColumn = module.idColumn ?? 'id'
  const label = module.label ?? ((record: Rec) => String((record as unknown as Row).name ?? ''))
  const at = (ctx: WriteContext, id: string, version?: number): RecordAt => ({ table: module.table, idColumn, id, organizationId: ctx.principal.organizationId, version })

  /** Runs `work` in one transaction for `writer`, a unique violation the module knows answered as a conflict. */
  const transact = async <T>(writer: Writer, work: (ctx: WriteContext) => Promise<T>): Promise<T> => {
    try {
      return await writeAs(services, writer, work)
    } catch (error) {
      const duplicate = module.duplicate?.(error)
      if (duplicate) throw new Problem('conflict', duplicate)
      throw error
    }
  }
  const trail = (ctx: WriteContext, action: string, record: Rec, fields?: string[], changes?: AuditChange[]) => {
    const filed = module.audited?.(record, action) ?? { collection: module.right, action }
    return audit(ctx.db, ctx.principal.organizationId, ctx.actor, { ...filed, recordId: record.id, recordName: label(record), fields, changes }, ctx.now)
  }
  /** The organization's records as the caller may read them. */
  const readable = (on: AnyDb, principal: Principal) => {
    const query = module.select(on, principal.organizationId)
    return module.scope ? module.scope(query, principal) : query
  }
  const listed = (principal: Principal, list: ParsedList) =>
    filtered(readable(db, principal), module.list, list, filterContext(db, services.now().toISOString(), principal.organizationId))
  const complete = (on: AnyDb, organizationId: string, records: Rec[]) => (module.load ? module.load(on, organizationId, records) : Promise.resolve(records))
  const find = async (principal: Principal, id: string, on: AnyDb = db): Promise<Rec | undefined> => {
    if (id.length > 64) return undefined
    const row = await recordRow(readable(on, principal), idColumn, id)
    return row ? (await complete(on, principal.organizationId, [module.toRecord(row)]))[0] : undefined
  }
  const mustFind = async (principal: Principal, id: string, on: AnyDb = db) => {
    const record = await find(principal, id, on)
    if (!record) throw refuse('notFound', 'notFound')
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

  return {
    find: mustFind,

    /** A page of the records `principal` may read, and the total of all pages. */
    async page(principal: Principal, list: ParsedList): Promise<{ records: Rec[]; total: number }> {
      const organizationId = principal.organizationId
      // A scoped list counts what its caller sees: its total is the caller's own.
      const reuse = totalOf(JSON.stringify([organizationId, module.scope ? [principal.userId, principal.rights] : null, list.q, list.filters]), organizationId)
      const page = await listPage<Row>(listed(principal, list), list, { ...module.list, id: 't.id' }, reuse, db)
      return { records: await complete(db, organizationId, page.rows.map(module.toRecord)), total: page.total }
    },

    /** Every record the list asks for, all pages, read from the database in batches of `batch`. */
    async *batches(principal: Principal, list: ParsedList, batch: number): AsyncGenerator<Rec[]> {
      for await (const rows of listBatches<Row>(listed(principal, list), list, { ...module.list, id: 't.id' }, db, batch)) {
        yield await complete(db, principal.organizationId, rows.map(module.toRecord))
      }
    },

    /** Creates a record; the answer adds what the module reveals once (a key's secret). */
    create: (writer: Writer, input: Input) =>
      transact(writer, async (ctx) => {
        if (module.cap) await checkCap(ctx, module.cap)
        const { values, reveal } = await module.create.row(input, ctx)
        const id = randomUUID()
        await insertRecord(ctx.db, module.table, { ...values, id, organization_id: ctx.principal.organizationId }, ctx.now)
        const record = await mustFind(ctx.principal, idColumn === 'id' ? id : String(values[idColumn]), ctx.db)
        await module.afterWrite?.(ctx, { action: 'create', after: record, input })
        await trail(ctx, 'create', record, undefined, recordValues(record, 'after'))
        changed(ctx, record, 'create')
        return { ...record, ...reveal }
      }),

    /** Updates the record read at `version`; `conflict` is the record as it is when another edit saved first. */
    update: (writer: Writer, id: string, version: number, input: Update) =>
      transact<{ conflict: Rec } | { record: Rec }>(writer, async (ctx) => {
        const current = await mustFind(ctx.principal, id, ctx.db)
        if (current.version !== version) return { conflict: current }
        await module.allow?.(ctx, 'update', current, input)
        const values = await module.update.row(input, ctx, current)
        // Another edit of the same version committed first (a database running transactions side
        // by side lets both read it): undo all of this one and answer the conflict.
        if (!(await updateRecord(ctx.db, at(ctx, current.id, version), values, ctx.now))) throw new LostRace()
        const record = await mustFind(ctx.principal, current.id, ctx.db)
        await module.afterWrite?.(ctx, { action: 'update', before: current, after: record, input })
        await trail(ctx, 'update', record, changedFields(current, record), diffRecords(current, record))
        changed(ctx, record, 'update')
        return { record }
      }).catch(async (error: unknown) => {
        if (error instanceof LostRace) return { conflict: await mustFind(writer.principal, id) }
        throw error
      }),

    /** Deletes the record, or retires it when the module keeps its records (a key is revoked). */
    remove: (writer: Writer, id: string) =>
      transact(writer, async (ctx) => {
        const organizationId = ctx.principal.organizationId
        const current = await mustFind(ctx.principal, id, ctx.db)
        if (module.retire) {
          const values = await module.retire(ctx, current)
          if (!values) return current
          await updateRecord(ctx.db, at(ctx, current.id), values, ctx.now)
          const record = await mustFind(ctx.principal, current.id, ctx.db)
          await module.afterWrite?.(ctx, { action: 'retire', before: current, after: record })
          await trail(ctx, module.retireAction ?? 'revoke', record, undefined, diffRecords(current, record))
          changed(ctx, record, 'update')
          return record
        }
        await module.allow?.(ctx, 'delete', current)
        const alsoGone = (await module.cascade?.(ctx, current)) ?? []
        await deleteRecord(ctx.db, at(ctx, current.id))
        await module.afterWrite?.(ctx, { action: 'delete', before: current })
        await trail(ctx, 'delete', current, undefined, recordValues(current, 'before'))
        changed(ctx, { ...current, version: current.version + 1 }, 'delete')
        ctx.later(() => {
          for (const gone of alsoGone) services.hub.publish(organizationId, 'change', { ...gone, action: 'delete' })
        })
        return current
      }),
  }
}
