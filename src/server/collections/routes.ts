import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { Struct } from 'superstruct'
import { readRights, type BaseRecord } from '../../contract/collections'
import type { Right } from '../../contract/rights'
import { check } from '../../contract/validation'
import { actorOf } from '../audit/routes'
import { requirePrincipal, type AuthEnv } from '../http/auth'
import { invalidInput, readBody, readJson } from '../http/body'
import { needsRight } from '../http/errors'
import { linkOrigin } from '../http/origin'
import { answerPage } from '../http/paging'
import { message } from '../messages'
import { describeCollection } from '../openapi/collections'
import { writeAs, type CollectionModule, type EngineServices, type WriteContext, type Writer } from './engine'
import { csvHeader, csvLine, EXPORT_BATCH, exportFormat, exportHeaders, streamedExport } from './export'
import { parseList } from './list-query'
import { collectionRecords } from './records'

type Row = Record<string, unknown>

/** The caller of `c` as a write names it: who, as the trail says, and the console's origin for links. */
export async function writerOf(services: EngineServices, c: Context<AuthEnv>): Promise<Writer> {
  const principal = c.var.principal
  return { principal, actor: await actorOf(services, c, principal), linkOrigin: linkOrigin(c, services.publicUrl) }
}

/**
 * Runs `work` in one transaction with a write context for the request `c`; what it deferred with
 * `later` runs once the transaction is committed. For writes beside a module's own (resend, accept).
 */
export async function runWrite<T>(services: EngineServices, c: Context<AuthEnv>, work: (ctx: WriteContext) => Promise<T>): Promise<T> {
  return writeAs(services, await writerOf(services, c), work)
}

/** List, get, create, update and delete for one module, with rights, tenancy, versions and events. */
export function collectionRoutes<Rec extends BaseRecord, Input, Update>(services: EngineServices, module: CollectionModule<Rec, Input, Update>) {
  const base = `/${module.name}`
  const records = collectionRecords(services, module)

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
      const page = await records.page(c.var.principal, parseList(c, module.list))
      return answerPage(c, page.records, page.total)
    })
    // Every row the list asks for, all pages, streamed from the database in batches.
    .get(`${base}/export`, async (c) => {
      const format = exportFormat(c)
      const list = parseList(c, module.list)
      const batches = records.batches(c.var.principal, list, EXPORT_BATCH)
      let columns = module.exportColumns as readonly string[] | undefined
      const write = async (batch: Rec[]) => {
        const rows = batch as unknown as Row[]
        if (format === 'jsonl') return rows.map((record) => `${JSON.stringify(record)}\n`).join('')
        const header = columns ? '' : csvHeader((columns = Object.keys(rows[0] ?? {})))
        return header + rows.map((record) => csvLine(columns!, record)).join('')
      }
      const start = format === 'csv' && columns ? csvHeader(columns) : ''
      return streamedExport(c.var.principal, exportHeaders(module.name, format, services.now()), start, batches, write)
    })
    .get(`${base}/:id`, async (c) => c.json(await records.find(c.var.principal, c.req.param('id'))))
    .post(base, async (c) => {
      const input = await readBody(c, module.create.schema)
      return c.json(await records.create(await writerOf(services, c), input), 201)
    })
    .put(`${base}/:id`, async (c) => {
      const id = c.req.param('id')
      await records.find(c.var.principal, id)
      const body = await readJson(c)
      const version = body && typeof body === 'object' ? (body as Row).version : undefined
      if (typeof version !== 'number' || !Number.isInteger(version)) throw invalidInput({ version: 'validation.required' })
      const result = check(module.update.schema, pick(body as Row, module.update.schema))
      if (!result.ok) throw invalidInput(result.errors)
      const outcome = await records.update(await writerOf(services, c), id, version, result.value)
      if ('conflict' in outcome) return c.json({ message: message('conflict'), current: outcome.conflict }, 409)
      return c.json(outcome.record)
    })
    .delete(`${base}/:id`, async (c) => {
      const id = c.req.param('id')
      await records.find(c.var.principal, id)
      return c.json(await records.remove(await writerOf(services, c), id))
    })
}

/** The fields a schema knows, from a full record sent back: read-only fields are left out. */
function pick<T>(body: Row, schema: Struct<T, unknown>): Row {
  const keys = Object.keys((schema.schema ?? {}) as object)
  return Object.fromEntries(keys.filter((key) => Object.hasOwn(body, key)).map((key) => [key, body[key]]))
}

/** A page of a list as every list route answers it: the records, the total of all pages in `X-Total-Count`. */
export const answerList = <Rec>(c: Context, page: { total: number }, records: Rec[]) => answerPage(c, records, page.total)
