import { randomUUID } from 'node:crypto'
import {
  BULK_ACTIONS,
  BULK_BATCH,
  BULK_PREVIEW_TTL_MS,
  BULK_UNDO_MS,
  MAX_BULK_RECORDS,
  bulkRight,
  isBulkAction,
  type BulkAction,
  type BulkCollection,
  type BulkJob,
  type BulkParams,
  type BulkPreview,
  type BulkRecord,
  type BulkSkip,
  type BulkStatus,
  type BulkUndo,
} from '../../contract/bulk'
import type { BulkRequestBody } from '../../contract/bulk-request'
import type { BaseRecord } from '../../contract/collections'
import { RIGHTS, type Right } from '../../contract/rights'
import { audit, type Actor } from '../audit/trail'
import { parseRights } from '../auth/accounts'
import { checkFilters } from '../collections/list-query'
import {
  asListed,
  countBatch,
  countOf,
  doneItems,
  endJob,
  freezeSelection,
  itemIdsOf,
  itemsWith,
  jobNow,
  jobOf,
  moveJob,
  namesOf,
  pruneJobs,
  rightsOfRoles,
  setJobCount,
  skipPending,
  skippedItems,
  withIds,
  writeOutcomes,
} from '../db/bulk'
import { inTransaction } from '../db/transaction'
import type { AnyDb } from '../db/open'
import type { BulkItemRow, BulkJobRow } from '../db/schema'
import type { Principal } from '../auth/principal'
import { needsRight, Problem, refuse } from '../problem'
import { message, type ServerKey } from '../messages'
import { checkRoles } from '../people/members'
import { previewMembers } from '../people/role-preview'
import type { Services } from '../services'
import { BULK_HANDLERS, BULK_MODULES, isRefusal, type BatchContext, type BulkChange, type UndoItem } from './actions'

type Row = Record<string, unknown>

/**
 * Revoked keys come back only this long after the job ends: the console's undo window, and a few
 * seconds for the click to travel. A key is revoked because its secret may have leaked; bringing it
 * back later, from the trail, would quietly arm a leaked secret again long after the operator moved
 * on, so past the window the way back is a new key.
 */
export const KEY_UNDO_GRACE_MS = 5_000
/** Skipped or left records a job's answer lists; `GET /bulk/{id}/records` lists them all. */
export const SKIPS_SHOWN = 100
/** A batch that changed more records of a collection than this tells open lists with one `change` (`id` `*`). */
export const CHANGE_EVENTS_PER_BATCH = 50
/** Jobs that ran are kept this long for their audit entry's records and undo; their entry stays after. */
export const BULK_KEPT_DAYS = 90

/** Who asked, as a job remembers it: only they run the preview they made. */
export const callerId = (principal: Principal) =>
  principal.kind === 'key' ? `key:${principal.keyId}` : principal.kind === 'app' ? `app:${principal.appId}` : `user:${principal.userId}`

const parse = <T>(text: string | null, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback
  } catch {
    return fallback
  }
}

/** `count` records of `collection` in words: `240 devices`. */
const countWords = (collection: BulkCollection, count: number) =>
  message(count === 1 ? (`bulkCountOne_${collection}` as ServerKey) : (`bulkCount_${collection}` as ServerKey), { count })

/** The params an action takes, checked as the one-record form checks them; 400 naming a missing one. */
function paramsOf(action: BulkAction, params: BulkRequestBody['params']): BulkParams {
  const need = (name: 'tag' | 'location' | 'roles') => {
    if (params?.[name] === undefined) throw new Problem('invalid', message('invalidInput'), { [`params.${name}`]: message('invalidInput') })
  }
  if (action === 'tag_add' || action === 'tag_remove') {
    need('tag')
    return { tag: params!.tag!.trim() }
  }
  if (action === 'set_location') {
    need('location')
    return { location: params!.location! }
  }
  if (action === 'set_roles') {
    need('roles')
    return { roles: [...new Set(params!.roles!)] }
  }
  return {}
}

/** The search and filters of a selection in words, as the trail shows them: `status: online, offline; tag: lobby`. */
async function selectionWords(db: AnyDb, organizationId: string, q: string, filters: Record<string, string[]>, collection: BulkCollection): Promise<string> {
  const parts: string[] = []
  if (q) parts.push(message('bulkSearch', { q }))
  // In the order the list declares its fields, whatever order they were asked in.
  const order = (BULK_MODULES[collection].list.fields ?? []).map((field) => field.name)
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length)
  for (const [name, values] of Object.entries(filters).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))) {
    let shown = values
    // Ids read as the names people know them by.
    if (collection === 'users' && name === 'role') {
      const rows = await namesOf(db, 'roles', organizationId, values)
      shown = values.map((id) => String(rows.find((row) => row.id === id)?.name ?? id))
    }
    if (collection === 'tunnels' && name === 'device_id') {
      const rows = await namesOf(db, 'devices', organizationId, values)
      shown = values.map((id) => String(rows.find((row) => row.id === id)?.name ?? id))
    }
    parts.push(`${name}: ${shown.join(', ')}`)
  }
  return parts.join('; ') || message('bulkEverything')
}

/**
 * `POST /bulk/preview`: freezes the set. The selection is read exactly as the collection's list
 * reads it (same filters, same search, same tenancy), and the matching ids are written as the
 * job's items in one statement, so what the run touches is what matched now, never a record made
 * after. Ids picked by hand that are not the organization's simply match nothing.
 */
export async function previewJob(services: Services, principal: Principal, body: BulkRequestBody): Promise<BulkPreview> {
  const db = services.db as unknown as AnyDb
  const { collection } = body
  if (!principal.rights.includes(bulkRight(collection))) throw needsRight(bulkRight(collection))
  if (!isBulkAction(collection, body.action)) {
    throw refuse('invalid', 'bulkWrongAction', { collection, action: body.action, allowed: BULK_ACTIONS[collection].join(', ') })
  }
  const action = body.action
  const params = paramsOf(action, body.params)
  const module = BULK_MODULES[collection]
  const organizationId = principal.organizationId
  const idColumn = `t.${module.idColumn ?? 'id'}`
  const now = services.now()
  let query = module.select(db, organizationId)
  let label: string
  if ('ids' in body.selection) {
    query = withIds(query, idColumn, [...new Set(body.selection.ids)])
    label = message('bulkPicked')
  } else {
    const q = (body.selection.q ?? '').trim()
    const filters = checkFilters(new Map(Object.entries(body.selection.filters)), module.list)
    const list = { q, filters, sort: module.list.defaultSort.sort, order: module.list.defaultSort.order, page: 1, perPage: 25 }
    query = await asListed(db, query, module.list, list, now.toISOString(), organizationId)
    label = await selectionWords(db, organizationId, q, filters, collection)
  }
  const matching = await countOf(query)
  if (matching > MAX_BULK_RECORDS) throw refuse('invalid', 'bulkTooMany', { count: matching, max: MAX_BULK_RECORDS })
  let roleRights: Right[] | null = null
  if (action === 'set_roles') {
    const ids = await checkRoles(db, organizationId, params.roles!)
    const rows = await rightsOfRoles(db, organizationId, ids)
    roleRights = [...new Set(rows.flatMap((row) => parseRights(row.rights)))]
    // Nobody hands out more than they hold: said now, not only record by record when it runs.
    if (roleRights.some((right) => !principal.rights.includes(right))) throw new Problem('forbidden', message('rightNotHeld'), { 'params.roles': message('rightNotHeld') })
  }
  const id = randomUUID()
  const createdAt = now.toISOString()
  const expiresAt = new Date(now.getTime() + BULK_PREVIEW_TTL_MS).toISOString()
  const job = {
    id,
    organization_id: organizationId,
    collection,
    action,
    params: JSON.stringify(params),
    selection: JSON.stringify(body.selection),
    selection_label: label,
    count: 0,
    blast: null,
    status: 'previewed',
    created_by: callerId(principal),
    created_at: createdAt,
    expires_at: expiresAt,
  }
  // An invited member is named by the address alone (`named` joins only members who accepted).
  const frozen = { job, query, idColumn, namedBy: collection === 'users' ? ('member' as const) : ('name' as const), limit: MAX_BULK_RECORDS + 1 }
  const result = await freezeSelection(db, frozen, async (trx, count) => {
    // Records made between the count and the copy may have carried it over the bound.
    if (count > MAX_BULK_RECORDS) throw refuse('invalid', 'bulkTooMany', { count, max: MAX_BULK_RECORDS })
    const blast = collection === 'users' ? await previewMembers(trx, organizationId, itemIdsOf(trx, id), action === 'disable' ? null : roleRights) : undefined
    await setJobCount(trx, id, count, blast ? JSON.stringify(blast) : null)
    return { count, blast }
  })
  return { id, collection, action, params, count: result.count, ...(result.blast ? { blast: result.blast } : {}), expires_at: expiresAt }
}

/** The job of the caller's organization, when the caller holds its collection's right; 404 and 403 otherwise. */
export async function mustJob(services: Services, principal: Principal, id: string): Promise<BulkJobRow> {
  const found = id.length <= 64 ? await jobOf(services.db, principal.organizationId, id) : undefined
  if (!found) throw refuse('notFound', 'notFound')
  if (!principal.rights.includes(bulkRight(found.collection as BulkCollection))) throw needsRight(bulkRight(found.collection as BulkCollection))
  return found
}

/** Whether a finished job may still be undone: once, after it changed something, and a revoke only within its window. */
export function undoable(row: BulkJobRow, now: Date): boolean {
  if (row.status !== 'done' || row.undone_at || row.changed === 0 || !row.finished_at) return false
  return row.action !== 'revoke' || now.getTime() <= Date.parse(row.finished_at) + BULK_UNDO_MS + KEY_UNDO_GRACE_MS
}

/** A job as `GET /bulk/{id}` answers it to `principal`: undoable only by who may undo it. */
export async function jobAnswer(services: Services, row: BulkJobRow, principal: Principal): Promise<BulkJob> {
  const skipped = await skippedItems(services.db, row.id, SKIPS_SHOWN)
  const blast = parse(row.blast, null)
  return {
    id: row.id,
    collection: row.collection as BulkCollection,
    action: row.action as BulkAction,
    params: parse<BulkParams>(row.params, {}),
    count: Number(row.count),
    ...(blast ? { blast } : {}),
    expires_at: row.expires_at,
    status: row.status as BulkStatus,
    done: Number(row.done),
    changed: Number(row.changed),
    skipped: skipped.map((item) => ({ id: item.record_id, name: item.name, reason: item.reason ?? '' })),
    selection_label: row.selection_label,
    created_at: row.created_at,
    finished_at: row.finished_at,
    audit_id: row.audit_id,
    undoable: undoable(row, services.now()) && mayUndo(principal, row),
  }
}

/** A page of a job's records, as the audit entry lists them beneath. */
export async function jobRecords(services: Services, row: BulkJobRow, page: number, perPage: number): Promise<{ total: number; records: BulkRecord[] }> {
  const items = await doneItems(services.db, row.id, page, perPage)
  const total = Number(row.done)
  return {
    total,
    records: items.map((item) => ({ id: item.record_id, name: item.name, outcome: item.outcome as BulkRecord['outcome'], ...(item.reason ? { reason: item.reason } : {}) })),
  }
}

/** Tells open consoles what a batch changed: each record when few, one `change` per collection (`id` `*`) when many, so a list reloads once. */
async function publishChanges(services: Services, organizationId: string, changes: BulkChange[]): Promise<void> {
  const groups = new Map<string, BulkChange[]>()
  for (const change of changes) {
    const key = `${change.collection}\n${change.action}`
    groups.set(key, [...(groups.get(key) ?? []), change])
  }
  for (const group of groups.values()) {
    if (group.length <= CHANGE_EVENTS_PER_BATCH) for (const change of group) await services.hub.publish(organizationId, 'change', change)
    else await services.hub.publish(organizationId, 'change', { collection: group[0]!.collection, id: '*', action: group[0]!.action, version: 0 })
  }
}

const publishProgress = (services: Services, row: Pick<BulkJobRow, 'id' | 'organization_id' | 'collection' | 'count'>, status: BulkStatus, done: number) =>
  services.hub.publish(row.organization_id, 'bulk', { id: row.id, collection: row.collection as BulkCollection, status, done, count: Number(row.count) })

/** Who runs or undoes a job: the actor the trail names (read when the job is taken), and the console's origin for links. */
export interface JobWriter {
  actor: () => Promise<Actor>
  /** The caller as its credentials speak for it now: undefined once they ended. */
  principalNow: () => Promise<Principal | undefined>
  linkOrigin: string
}

interface Runner {
  services: Services
  row: BulkJobRow
  actor: Actor
  linkOrigin: string
}

/**
 * Runs `work` for one batch in one transaction, with the batch's context on the principal as it
 * is now; what it deferred runs after the commit, then its changes are told.
 */
async function inBatch<T>(runner: Runner, principal: Principal, undo: boolean, work: (ctx: BatchContext) => Promise<T>): Promise<T> {
  const { services, row } = runner
  const deferred: (() => unknown)[] = []
  const changes: BulkChange[] = []
  const result = await inTransaction(services.db as unknown as AnyDb, async (trx) => {
    const ctx: BatchContext = {
      db: trx,
      principal,
      actor: runner.actor,
      now: services.now().toISOString(),
      services,
      linkOrigin: runner.linkOrigin,
      later: (run) => deferred.push(run),
      collection: row.collection as BulkCollection,
      action: row.action as BulkAction,
      params: parse<BulkParams>(row.params, {}),
      changes,
    }
    await BULK_HANDLERS[ctx.collection].prepare?.(ctx, undo)
    const answer = await work(ctx)
    await BULK_HANDLERS[ctx.collection].finish?.(ctx)
    return answer
  })
  for (const run of deferred) await run()
  await publishChanges(services, row.organization_id, changes)
  return result
}

/** The records of `ids` as the collection reads them now, by id; a record gone is absent. */
async function currentRecords(ctx: BatchContext, ids: string[]): Promise<Map<string, BaseRecord>> {
  const module = BULK_MODULES[ctx.collection]
  const rows: Row[] = await withIds(module.select(ctx.db, ctx.principal.organizationId), `t.${module.idColumn ?? 'id'}`, ids).execute()
  const records = (await (module.load ? module.load(ctx.db, ctx.principal.organizationId, rows.map((row: Row) => module.toRecord(row))) : rows.map((row: Row) => module.toRecord(row)))) as BaseRecord[]
  return new Map(records.map((record) => [record.id, record]))
}

/**
 * Starts a previewed job once: the one conditional update from `previewed` to `running` makes a
 * second run (in any process) a 409. The run goes on in the background, batch by batch.
 */
export async function startJob(services: Services, principal: Principal, row: BulkJobRow, writer: JobWriter): Promise<BulkJobRow> {
  if (row.created_by !== callerId(principal)) throw refuse('notFound', 'notFound')
  if (row.status !== 'previewed') throw refuse('conflict', 'bulkAlreadyRun')
  const now = services.now()
  if (Date.parse(row.expires_at) <= now.getTime()) throw refuse('notFound', 'bulkExpired')
  if (!(await moveJob(services.db, row.id, 'previewed', { status: 'running', started_at: now.toISOString() }))) throw refuse('conflict', 'bulkAlreadyRun')
  const actor = await writer.actor()
  const running = { ...row, status: 'running', started_at: now.toISOString() }
  await publishProgress(services, running, 'running', 0)
  services.background.run(() => runJob({ services, row: running, actor, linkOrigin: writer.linkOrigin }, writer.principalNow))
  return running
}

/**
 * Gives the database to others between batches for a quarter of the last batch's time (at most
 * 250 ms): on SQLite a batch holds the one writer for its whole transaction, and the heartbeats
 * and edits that queued meanwhile, and those their clients send next, get their turn before the
 * next batch, so a long job slows them rather than starving them.
 */
const yieldTurn = (lastBatchMs: number) => new Promise((resolve) => setTimeout(resolve, Math.min(250, Math.round(lastBatchMs / 4))))

/**
 * The run: the job's pending records, BULK_BATCH at a time in the order of their ids, each batch
 * one transaction on the caller's principal read afresh (a right lost meanwhile skips the rest).
 * Ends with the job's one audit entry, whatever happened.
 */
async function runJob(runner: Runner, principalNow: JobWriter['principalNow']): Promise<void> {
  const { services, row } = runner
  const db = services.db
  const right = bulkRight(row.collection as BulkCollection)
  let failed = false
  let done = 0
  let batchMs = 0
  try {
    for (;;) {
      await yieldTurn(batchMs)
      const batchStart = performance.now()
      const items = await itemsWith(db, row.id, 'pending', BULK_BATCH)
      if (!items.length) break
      const principal = await principalNow()
      if (!principal || principal.organizationId !== row.organization_id || !principal.rights.includes(right)) {
        done += await skipPending(db, row.id, message('bulkLostRight'))
        break
      }
      done += await inBatch(runner, principal, false, async (ctx) => {
        const handler = BULK_HANDLERS[ctx.collection]
        const current = await currentRecords(ctx, items.map((item) => item.record_id))
        let changed = 0
        const outcomes: BulkItemRow[] = []
        for (const { record_id: id, name } of items) {
          const record = current.get(id)
          const result = !record ? { reason: message('bulkGone') } : ctx.refusal ? { reason: ctx.refusal } : await handler.apply(ctx, record).catch(skipRefusal)
          if ('reason' in result) outcomes.push({ job_id: row.id, record_id: id, name, outcome: 'skipped', reason: result.reason, before: null, after_version: null })
          else {
            changed++
            outcomes.push({ job_id: row.id, record_id: id, name, outcome: 'changed', reason: null, before: JSON.stringify(result.before), after_version: result.version })
            ctx.changes.push({ collection: ctx.collection, id, action: result.change, version: result.version ?? (record!.version + 1) })
          }
        }
        await writeOutcomes(ctx.db, outcomes)
        await countBatch(ctx.db, row.id, items.length, changed)
        return items.length
      })
      batchMs = performance.now() - batchStart
      await publishProgress(services, row, 'running', done)
    }
  } catch (error) {
    failed = true
    services.log.error(`Bulk job ${row.id} failed:`, error)
  }
  await finishJob(runner, failed)
}

/** A refusal a single write would answer (a 4xx) skips the record; anything else fails the batch. */
const skipRefusal = (error: unknown): { reason: string } => {
  if (isRefusal(error)) return { reason: error.message }
  throw error
}

/** What an action set, as the trail's changes say it. */
function paramChanges(collection: BulkCollection, action: BulkAction, params: BulkParams) {
  switch (action) {
    case 'tag_add':
      return [{ field: 'tags', before: null, after: params.tag }]
    case 'tag_remove':
      return [{ field: 'tags', before: params.tag, after: null }]
    case 'set_location':
      return [{ field: 'location', before: null, after: params.location }]
    case 'set_roles':
      return [{ field: 'roles', before: null, after: params.roles }]
    case 'revoke':
      return [{ field: 'revoked_at', before: null, after: 'revoked' }]
    case 'approve':
      return [{ field: 'status', before: 'pending', after: 'provisioning' }]
    case 'enable':
    case 'disable':
      return collection === 'users' ? [{ field: 'status', before: null, after: 'disabled' }] : [{ field: 'enabled', before: null, after: action === 'enable' }]
    default:
      return []
  }
}

/** The job's one audit entry, its final state, and the last `bulk` event. */
async function finishJob(runner: Runner, failed: boolean): Promise<void> {
  const { services, row } = runner
  const status: BulkStatus = failed ? 'failed' : 'done'
  const now = services.now().toISOString()
  const collection = row.collection as BulkCollection
  const right = bulkRight(collection)
  const action = `bulk_${row.action}`
  let auditId = ''
  let final = row
  try {
    final = await inTransaction(services.db as unknown as AnyDb, async (trx) => {
      const current = await jobNow(trx, row.id)
      auditId = await audit(
        trx,
        row.organization_id,
        runner.actor,
        {
          action,
          collection: right,
          recordId: row.id,
          recordName: `${countWords(collection, Number(current.count))} · ${current.selection_label}`,
          changes: [
            ...paramChanges(collection, row.action as BulkAction, parse<BulkParams>(row.params, {})),
            { field: 'changed', before: null, after: Number(current.changed) },
            { field: 'skipped', before: null, after: Number(current.skipped) },
          ],
        },
        now,
      )
      await endJob(trx, row.id, { status, finished_at: now, audit_id: auditId })
      return { ...current, status, finished_at: now, audit_id: auditId }
    })
    await services.hub.publish(row.organization_id, 'audit', { id: auditId, collection: right, action, record_id: row.id })
  } catch (error) {
    services.log.error(`Bulk job ${row.id} could not be finished:`, error)
    await endJob(services.db, row.id, { status: 'failed', finished_at: now })
  }
  await publishProgress(services, final, status, Number(final.done))
}

/**
 * Who may undo a job: its author, or someone holding every right. Holding the job's right alone
 * is not enough, or anyone with `access_keys` could bring back a key an administrator revoked.
 */
export const mayUndo = (principal: Principal, row: BulkJobRow) => row.created_by === callerId(principal) || RIGHTS.every((right) => principal.rights.includes(right))

/**
 * `POST /bulk/{id}/undo`: puts back each changed record nobody changed since (its version is still
 * the one the job left), batch by batch, each record checked as a single write by the caller would
 * be; the rest are left and named. Once only: the job moves from `done` to `undone` first.
 */
export async function undoJob(services: Services, principal: Principal, row: BulkJobRow, writer: JobWriter): Promise<BulkUndo> {
  if (!mayUndo(principal, row)) throw refuse('forbidden', 'bulkUndoNotYours')
  const now = services.now()
  if (row.action === 'revoke' && row.status === 'done' && !undoable(row, now) && row.finished_at && !row.undone_at && row.changed > 0) {
    throw refuse('conflict', 'bulkUndoWindow', { seconds: Math.round(BULK_UNDO_MS / 1000) })
  }
  if (!undoable(row, now)) throw refuse('conflict', 'bulkNotUndoable')
  if (!(await moveJob(services.db, row.id, 'done', { status: 'undone', undone_at: now.toISOString() }))) throw refuse('conflict', 'bulkNotUndoable')
  const runner: Runner = { services, row, actor: await writer.actor(), linkOrigin: writer.linkOrigin }
  const left: BulkSkip[] = []
  let restored = 0
  let leftCount = 0
  for (;;) {
    const items = await itemsWith(services.db, row.id, 'changed', BULK_BATCH)
    if (!items.length) break
    const batchStart = performance.now()
    const outcome = await inBatch(runner, principal, true, async (ctx) => {
      const handler = BULK_HANDLERS[ctx.collection]
      const current = await currentRecords(ctx, items.map((item) => item.record_id))
      let back = 0
      const named: BulkSkip[] = []
      const outcomes: BulkItemRow[] = []
      for (const item of items) {
        const afterVersion = item.after_version === null ? null : Number(item.after_version)
        const undoItem: UndoItem = { record_id: item.record_id, name: item.name, before: parse(item.before, {}), after_version: afterVersion }
        const result = await handler.restore(ctx, undoItem, current.get(item.record_id)).catch(skipRefusal)
        const kept = { job_id: row.id, record_id: item.record_id, name: item.name, before: item.before, after_version: afterVersion }
        if ('reason' in result) {
          outcomes.push({ ...kept, outcome: 'left', reason: result.reason })
          named.push({ id: item.record_id, name: item.name, reason: result.reason })
        } else {
          back++
          outcomes.push({ ...kept, outcome: 'restored', reason: null })
          named.push(...(result.also ?? []))
        }
      }
      await writeOutcomes(ctx.db, outcomes)
      return { back, named, leftHere: items.length - back }
    })
    restored += outcome.back
    leftCount += outcome.leftHere
    for (const skip of outcome.named) if (left.length < SKIPS_SHOWN) left.push(skip)
    await publishProgress(services, row, 'undone', Number(row.done))
    await yieldTurn(performance.now() - batchStart)
  }
  const collection = row.collection as BulkCollection
  await audit(
    services.db,
    row.organization_id,
    runner.actor,
    {
      action: 'bulk_undo',
      collection: bulkRight(collection),
      recordId: row.id,
      recordName: `${countWords(collection, Number(row.count))} · ${row.selection_label}`,
      changes: [
        { field: 'restored', before: null, after: restored },
        { field: 'left', before: null, after: leftCount },
      ],
    },
    now.toISOString(),
  )
  return { restored, left }
}

/** Every job of a sweep's reach: previews never run once expired, finished jobs after BULK_KEPT_DAYS, and runs whose process died (a day long). */
export async function pruneBulkJobs(db: Services['db'], now: Date): Promise<void> {
  const at = now.toISOString()
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString()
  const keptSince = new Date(now.getTime() - BULK_KEPT_DAYS * 24 * 3600_000).toISOString()
  await pruneJobs(db, at, dayAgo, keptSince)
}
