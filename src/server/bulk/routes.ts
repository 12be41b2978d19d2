import { Hono } from 'hono'
import { BulkRequestBody } from '../../contract/bulk-request'
import { PER_PAGE_CHOICES } from '../../contract/collections'
import {
  ALL_BULK_ACTIONS,
  BULK_BATCH,
  BULK_COLLECTIONS,
  BULK_PREVIEW_TTL_MS,
  BULK_STATUSES,
  BULK_UNDO_MS,
  MAX_BULK_IDS,
  MAX_BULK_RECORDS,
  bulkPath,
} from '../../contract/bulk'
import { actorOf } from '../audit/routes'
import { principalOf, requirePrincipal, type AuthEnv } from '../http/auth'
import { readBody } from '../http/body'
import { linkOrigin } from '../http/origin'
import { answerPage, pageOf } from '../http/paging'
import { describe, share } from '../openapi/registry'
import { bool, int, list, obj, oneOf, orNull, ref, str, time } from '../openapi/shapes'
import type { Services } from '../services'
import { jobAnswer, jobRecords, mustJob, previewJob, startJob, undoJob } from './jobs'

const SKIP = obj({ id: str, name: str, reason: str })
const PREVIEW_FIELDS = {
  id: str,
  collection: oneOf(BULK_COLLECTIONS),
  action: oneOf(ALL_BULK_ACTIONS),
  params: obj({ 'tag?': str, 'location?': str, 'roles?': list(str) }),
  count: int,
  'blast?': obj({ members: int, gained: list(ref('Right')), lost: list(ref('Right')), losing_roles: int }),
  expires_at: time,
}
share('BulkPreview', obj(PREVIEW_FIELDS))
const PREVIEW = { $ref: '#/components/schemas/BulkPreview' }
const JOB = share(
  'BulkJob',
  obj({
    ...PREVIEW_FIELDS,
    status: oneOf(BULK_STATUSES),
    done: int,
    changed: int,
    skipped: list(SKIP),
    selection_label: str,
    created_at: time,
    finished_at: orNull(time),
    audit_id: orNull(str),
    undoable: bool,
  }),
)
const JOB_REF = { $ref: '#/components/schemas/BulkJob' }
const common = { tag: 'Bulk actions', caller: 'principal' as const, rights: BULK_COLLECTIONS }
const notFound = { description: 'No job of this id in the caller\'s organization.', body: { ref: 'Error' } }
const forbidden = { description: 'The caller does not hold the right of the job\'s collection.', body: { ref: 'Error' } }
const undoForbidden = { description: 'The caller does not hold the job\'s right, or is neither its author nor holds every right.', body: { ref: 'Error' } }

describe(
  {
    ...common,
    method: 'post',
    path: bulkPath('preview'),
    summary: 'Preview a bulk action',
    description: [
      `Freezes the records a bulk action will touch: \`ids\` picked on screen (at most ${MAX_BULK_IDS}; ids not of the organization match nothing), or \`q\` and \`filters\` read exactly as the collection's list reads \`q\` and \`filter[field]\`, every page of it. Records made after the preview are never touched. For users it tells the blast radius: who gains and loses which rights.`,
      `Actions: devices \`tag_add\`, \`tag_remove\` (\`params.tag\`), \`set_location\` (\`params.location\`), \`disable\`, \`enable\`, \`delete\`; access keys \`revoke\`; users \`disable\`, \`set_roles\` (\`params.roles\`); tunnels \`enable\`, \`disable\`. Takes the collection's own right. More than ${MAX_BULK_RECORDS} records is 400; a preview not run within ${BULK_PREVIEW_TTL_MS / 60_000} minutes is gone.`,
    ].join('\n\n'),
    body: BulkRequestBody,
    example: { collection: 'devices', action: 'tag_add', params: { tag: 'lobby' }, selection: { filters: { status: ['online'] } } },
    answers: {
      201: { description: 'The job, not run yet, with how many records it will touch.', body: PREVIEW },
      400: { description: 'An action the collection does not take, a missing or bad parameter, an unknown filter or value (named), or too many records.', body: { ref: 'Error' } },
      403: { description: 'The caller does not hold the collection\'s right, or would give a role with a right they lack.', body: { ref: 'Error' } },
    },
  },
  {
    ...common,
    method: 'post',
    path: '/bulk/:id/run',
    summary: 'Run a bulk action',
    description: `Runs the previewed job once, in the background, ${BULK_BATCH} records per transaction, each checked again as a single write would be (right, tenancy, version, the collection's rules, plan limits); a record that fails is skipped with the reason. Progress comes as \`event: bulk\` on the events stream; the job ends with one audit entry (\`bulk_<action>\`, its record the job) listing the records at \`GET /bulk/{id}/records\`. Only the caller who previewed it runs it.`,
    params: { id: 'The job\'s id.' },
    answers: {
      202: { description: 'The job, running.', body: JOB_REF },
      403: forbidden,
      404: { description: 'No such job of the caller\'s, or its preview expired.', body: { ref: 'Error' } },
      409: { description: 'The job has already run.', body: { ref: 'Error' } },
    },
  },
  {
    ...common,
    method: 'get',
    path: '/bulk/:id',
    summary: 'A bulk job',
    description: `Where the job stands: records done, changed and skipped (the first skipped with their reasons), and whether it may still be undone.`,
    params: { id: 'The job\'s id.' },
    answers: { 200: { description: 'The job.', body: JOB_REF }, 403: forbidden, 404: notFound },
  },
  {
    ...common,
    method: 'post',
    path: '/bulk/:id/undo',
    summary: 'Undo a bulk action',
    description: `Puts back, once, each record the job changed that nobody changed since; the others are left and named. A deleted device comes back with its id, fields and tunnels within the plan's limits (its heartbeat history does not). Revoked keys come back only within ${BULK_UNDO_MS / 1000} seconds (and a few more) of the job's end. Writes its own audit entry (\`bulk_undo\`). Only the job's author, or someone holding every right, undoes it (403).`,
    params: { id: 'The job\'s id.' },
    answers: {
      200: { description: 'How many came back, and those left with why.', body: obj({ restored: int, left: list(SKIP) }) },
      403: undoForbidden,
      404: notFound,
      409: { description: 'The job has not finished, changed nothing, was undone already, or (keys) its window has passed.', body: { ref: 'Error' } },
    },
  },
  {
    ...common,
    method: 'get',
    path: '/bulk/:id/records',
    summary: 'Records of a bulk job',
    description: 'The records the job handled, in the order of their ids, with what happened to each; the total in `X-Total-Count`.',
    params: { id: 'The job\'s id.' },
    query: [
      { name: 'page', description: 'The page, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
      { name: 'per_page', description: 'Records per page.', schema: { type: 'integer', enum: [...PER_PAGE_CHOICES], default: 25 } },
    ],
    answers: {
      200: {
        description: 'A page of records.',
        body: list(obj({ id: str, name: str, outcome: oneOf(['changed', 'skipped', 'restored', 'left']), 'reason?': str })),
        headers: ['X-Total-Count'],
      },
      400: { description: 'A page it does not take.', body: { ref: 'Error' } },
      403: forbidden,
      404: notFound,
    },
  },
)

/** `/bulk/…`: preview, run, read, undo and list a bulk action's records. */
export function bulkRoutes(services: Services) {
  return new Hono<AuthEnv>()
    .use('/bulk/*', requirePrincipal(services))
    .post(bulkPath('preview'), async (c) => {
      // Picked ids may number MAX_BULK_IDS: the body's bound on values leaves room for them.
      const body = await readBody(c, BulkRequestBody, MAX_BULK_IDS + 200)
      return c.json(await previewJob(services, c.var.principal, body), 201)
    })
    .post('/bulk/:id/run', async (c) => {
      const principal = c.var.principal
      const row = await mustJob(services, principal, c.req.param('id'))
      const running = await startJob(services, principal, row, {
        actor: () => actorOf(services, c, principal),
        principalNow: () => principalOf(services, principal.token),
        linkOrigin: linkOrigin(c, services.publicUrl),
      })
      return c.json(await jobAnswer(services, running, principal), 202)
    })
    .get('/bulk/:id', async (c) => c.json(await jobAnswer(services, await mustJob(services, c.var.principal, c.req.param('id')), c.var.principal)))
    .post('/bulk/:id/undo', async (c) => {
      const principal = c.var.principal
      const row = await mustJob(services, principal, c.req.param('id'))
      return c.json(
        await undoJob(services, principal, row, {
          actor: () => actorOf(services, c, principal),
          principalNow: () => principalOf(services, principal.token),
          linkOrigin: linkOrigin(c, services.publicUrl),
        }),
      )
    })
    .get('/bulk/:id/records', async (c) => {
      const row = await mustJob(services, c.var.principal, c.req.param('id'))
      // A page of up to seven digits, without a last one.
      const { page, perPage } = pageOf(c, { pageDigits: 7 })
      const { total, records } = await jobRecords(services, row, page, perPage)
      return answerPage(c, records, total)
    })
}
