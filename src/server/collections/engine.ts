import type { Struct } from 'superstruct'
import type { BaseRecord, CollectionName } from '../../contract/collections'
import type { CapKind } from '../../contract/billing'
import type { JsonSchema } from '../../contract/json-schema'
import type { Right } from '../../contract/rights'
import type { Actor } from '../audit/trail'
import type { AnyDb } from '../db/open'
import type { AnySelect, ListShape } from '../db/records'
import { inTransaction } from '../db/transaction'
import type { Principal } from '../auth/principal'
import type { Services } from '../services'

export type { AnySelect } from '../db/records'
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
  /** How the API's description tells this collection, unless the edge tells it (`openapi/collection-docs.ts`). */
  docs?: CollectionDocs
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

/** Who writes: the caller, as the trail names it, and the console's origin for links sent by mail. */
export interface Writer {
  principal: Principal
  actor: Actor
  linkOrigin: string
}

/**
 * Runs `work` in one transaction with a write context for `writer`; what it deferred with `later`
 * runs once the transaction is committed. For writes beside a module's own (resend, accept).
 */
export async function writeAs<T>(services: EngineServices, writer: Writer, work: (ctx: WriteContext) => Promise<T>): Promise<T> {
  const deferred: (() => unknown)[] = []
  const now = services.now().toISOString()
  const result = await inTransaction(services.db as unknown as AnyDb, (trx) => work({ db: trx, ...writer, now, services, later: (run) => deferred.push(run) }))
  // In order, each awaited: the events a write publishes are kept before its answer leaves.
  for (const run of deferred) await run()
  return result
}

/** The fields whose values differ between two versions of a record, bookkeeping left out. */
export function changedFields(before: object, after: object): string[] {
  const skip = new Set(['id', 'created_at', 'updated_at', 'version'])
  const a = before as Row
  const b = after as Row
  return Object.keys(b).filter((key) => !skip.has(key) && JSON.stringify(a[key]) !== JSON.stringify(b[key]))
}
