import { randomUUID } from 'node:crypto'
import { Hono, type MiddlewareHandler } from 'hono'
import { AlertAck, AlertMuteInput, ALERT_MAIL_PATH, ALERTS_PATH, DEFAULT_ALERT_MAILS_PER_HOUR, type Alert, type AlertCondition, type AlertMailUsage, type AlertMute } from '../../contract/alerts'
import { PER_PAGE_CHOICES, type ChangeEvent } from '../../contract/collections'
import { audit } from '../audit/trail'
import { checkCap } from '../billing/caps'
import type { EngineServices, WriteContext } from '../collections/engine'
import { runWrite } from '../collections/routes'
import type { AnyDb, Db } from '../db/open'
import { firedAlert, firedAlertsPage, heldMailCount, markAcked, type AlertsFilter, type AlertWithRule } from '../db/alerts/fired'
import { deleteMute, deviceNamed, insertMute, findMute, mutesInForce, ruleNamed } from '../db/alerts/mutes'
import type { AlertMuteRow } from '../db/schema'
import { requirePrincipal, requireRight, type AuthEnv } from '../http/auth'
import { invalidInput, readBody } from '../http/body'
import { ApiError, fail, needsRight } from '../http/errors'
import { message } from '../messages'
import { answerPage, pageOf } from '../http/paging'
import { describe } from '../openapi/registry'
import { int, list, obj, oneOf, orNull, ref, str, time } from '../openapi/shapes'
import { alertAnswerRoutes } from './answer-routes'
import { windowOf } from './budget'

/** A mute lasts a year at most: forever is what disabling a rule is for. */
const MAX_MUTE_MS = 366 * 86400_000
const STATES = ['firing', 'resolved', 'all'] as const

/** Reading alerts takes `alerts` or `devices`; acknowledging and muting take `alerts`. */
const mayRead: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const rights = c.var.principal.rights
  if (!rights.includes('alerts') && !rights.includes('devices')) throw needsRight('alerts', 'devices')
  await next()
}

const alertOf = (row: AlertWithRule): Alert => ({
  id: row.id,
  rule_id: row.rule_id,
  rule_name: row.rule_name,
  condition: row.condition as AlertCondition,
  subject_kind: row.subject_kind === 'key' ? 'key' : 'device',
  subject_id: row.subject_id,
  subject_name: row.subject_name,
  state: row.resolved_at === null ? 'firing' : 'resolved',
  fired_at: String(row.fired_at),
  resolved_at: row.resolved_at,
  last_notified_at: row.last_notified_at,
  notified_count: Number(row.notified_count),
  acked_at: row.acked_at,
  acked_by: row.acked_by,
  ack_note: row.ack_note,
})

const muteOf = (row: AlertMuteRow): AlertMute => ({
  id: row.id,
  rule_id: row.rule_id,
  device_id: row.device_id,
  until: row.until,
  note: row.note,
  created_at: row.created_at,
})

/**
 * `GET /alerts`: the organization's alerts that fired, newest first, `state` firing (the default),
 * resolved or all, narrowed by `rule_id` or `device_id`; `POST /alerts/{id}/ack` with a note;
 * `GET|POST /alerts/mutes` and `DELETE /alerts/mutes/{id}`: no mail for a rule, a device, or both,
 * until a time. Another organization's alerts, rules and devices are not found.
 */
const ALERT = obj({
  id: str,
  rule_id: str,
  rule_name: str,
  condition: ref('AlertCondition'),
  subject_kind: oneOf(['device', 'key']),
  subject_id: str,
  subject_name: str,
  state: oneOf(['firing', 'resolved']),
  fired_at: time,
  resolved_at: orNull(time),
  last_notified_at: orNull(time),
  notified_count: int,
  acked_at: orNull(time),
  acked_by: orNull(str),
  ack_note: orNull(str),
})
const MUTE = obj({ id: str, rule_id: orNull(str), 'rule_name?': orNull(str), device_id: orNull(str), 'device_name?': orNull(str), until: time, note: str, created_at: time })
const ALERTS_READ = ['alerts', 'devices'] as const
describe(
  {
    method: 'get',
    path: ALERTS_PATH,
    tag: 'Alerts',
    summary: 'List alerts',
    description: 'The alerts newest first, the total in `X-Total-Count`.',
    caller: 'principal',
    rights: ALERTS_READ,
    query: [
      { name: 'state', description: 'Which alerts.', schema: { type: 'string', enum: [...STATES], default: 'firing' } },
      { name: 'rule_id', description: 'Only this rule\'s.', schema: { type: 'string', maxLength: 64 } },
      { name: 'device_id', description: 'Only this device\'s.', schema: { type: 'string', maxLength: 64 } },
      { name: 'page', description: 'The page, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
      { name: 'per_page', description: 'Alerts per page.', schema: { type: 'integer', enum: [...PER_PAGE_CHOICES], default: 25 } },
    ],
    answers: {
      200: { description: 'A page of alerts.', body: list(ALERT), headers: ['X-Total-Count'] },
      400: { description: 'A filter or page it does not take.', body: { ref: 'Error' } },
    },
  },
  {
    method: 'get',
    path: `${ALERTS_PATH}/mutes`,
    tag: 'Alerts',
    summary: 'Mutes in force',
    caller: 'principal',
    rights: ALERTS_READ,
    answers: { 200: { description: 'The mutes.', body: list(MUTE) } },
  },
  {
    method: 'post',
    path: `${ALERTS_PATH}/mutes`,
    tag: 'Alerts',
    summary: 'Mute alerts',
    description: 'Holds back the mails of a rule, a device or both until `until` (an ISO time within a year).',
    caller: 'principal',
    rights: ['alerts'],
    body: AlertMuteInput,
    example: { device_id: '<device id>', until: '2030-01-01T00:00:00Z', note: 'Maintenance' },
    answers: { 201: { description: 'The mute.', body: MUTE }, 409: { description: 'The plan\'s cap of mutes in force is reached.', body: { ref: 'Error' } } },
  },
  {
    method: 'delete',
    path: `${ALERTS_PATH}/mutes/:id`,
    tag: 'Alerts',
    summary: 'Lift a mute',
    caller: 'principal',
    rights: ['alerts'],
    params: { id: 'The mute\'s id.' },
    answers: { 200: { description: 'The mute as it was.', body: MUTE } },
  },
  {
    method: 'get',
    path: ALERT_MAIL_PATH,
    tag: 'Alerts',
    summary: 'Alert mail this hour',
    description: 'The alert mails the organization sent within the current hour against its limit (`ALERT_MAILS_PER_HOUR`), and how many alerts wait past it to go out folded, one mail per rule.',
    caller: 'principal',
    rights: ALERTS_READ,
    answers: { 200: { description: 'The usage.', body: obj({ limit: int, sent: int, held: int, window_ends_at: orNull(time) }) } },
  },
  {
    method: 'post',
    path: `${ALERTS_PATH}/:id/ack`,
    tag: 'Alerts',
    summary: 'Acknowledge an alert',
    description: 'No more repeats; its end is still told.',
    caller: 'principal',
    rights: ['alerts'],
    params: { id: 'The alert\'s id.' },
    body: AlertAck,
    example: { note: 'On it' },
    answers: { 200: { description: 'The alert.', body: ALERT } },
  },
)

/** The services, and the evaluator's limit of alert mails an hour when alerts are evaluated. */
type AlertServices = EngineServices & { alerts?: { readonly mailsPerHour: number } }

export function alertRoutes(services: AlertServices) {
  const { db } = services
  const findAlert = async (organizationId: string, id: string, on: AnyDb | Db = db) => (id.length > 64 ? undefined : firedAlert(on, organizationId, id))

  /**
   * Once the write is kept, tells the organization's open consoles: an alert acknowledged
   * (`update`), a mute made (`create`) or removed (`delete`), all on the `alerts` topic.
   */
  const tellLater = (ctx: WriteContext, id: string, action: ChangeEvent['action']) =>
    ctx.later(() => services.hub.publish(ctx.principal.organizationId, 'change', { collection: 'alerts', id, action, version: 0 }))

  return new Hono<AuthEnv>()
    .route('/', alertAnswerRoutes(services))
    .use(`${ALERTS_PATH}/*`, requirePrincipal(services), mayRead)
    .get(ALERT_MAIL_PATH, async (c) => {
      const { organizationId } = c.var.principal
      const at = services.now()
      const window = await windowOf(db, organizationId, 'alerts', at)
      const held = await heldMailCount(db, organizationId)
      const usage: AlertMailUsage = {
        limit: services.alerts?.mailsPerHour ?? DEFAULT_ALERT_MAILS_PER_HOUR,
        sent: window?.used ?? 0,
        held,
        window_ends_at: window?.endsAt ?? null,
      }
      return c.json(usage)
    })
    .get(ALERTS_PATH, async (c) => {
      const { organizationId } = c.var.principal
      const state = c.req.query('state') || 'firing'
      if (!(STATES as readonly string[]).includes(state)) throw new ApiError(400, message('badFilter', { name: 'state' }))
      const { page, perPage } = pageOf(c)
      const filter: AlertsFilter = { state: state as AlertsFilter['state'] }
      for (const [name, key] of [
        ['rule_id', 'ruleId'],
        ['device_id', 'deviceId'],
      ] as const) {
        const value = c.req.query(name)
        if (value === undefined || value === '') continue
        if (value.length > 64) throw new ApiError(400, message('badFilter', { name }))
        filter[key] = value
      }
      const found = await firedAlertsPage(db, organizationId, filter, page, perPage)
      return answerPage(c, found.rows.map(alertOf), found.total)
    })
    .get(`${ALERTS_PATH}/mutes`, async (c) => {
      const { organizationId } = c.var.principal
      const rows = await mutesInForce(db, organizationId, services.now().toISOString())
      return c.json(rows.map((row) => ({ ...muteOf(row), rule_name: row.rule_name, device_name: row.device_name })))
    })
    .post(`${ALERTS_PATH}/mutes`, requireRight('alerts'), async (c) => {
      const input = await readBody(c, AlertMuteInput)
      const { organizationId } = c.var.principal
      if (!input.rule_id && !input.device_id) throw invalidInput({ rule_id: 'validation.required' })
      const until = Date.parse(input.until)
      const at = services.now().getTime()
      if (!/^\d{4}-\d\d-\d\dT/.test(input.until) || !Number.isFinite(until) || until <= at || until > at + MAX_MUTE_MS) throw invalidInput({ until: 'fields.range' })
      const mute = await runWrite(services, c, async (ctx) => {
        await checkCap(ctx, 'alert_mutes')
        const rule = input.rule_id ? await ruleNamed(ctx.db, organizationId, input.rule_id) : undefined
        if (input.rule_id && !rule) throw invalidInput({ rule_id: 'validation.invalid' })
        const device = input.device_id ? await deviceNamed(ctx.db, organizationId, input.device_id) : undefined
        if (input.device_id && !device) throw invalidInput({ device_id: 'fields.device' })
        const row = {
          id: randomUUID(),
          organization_id: organizationId,
          rule_id: rule?.id ?? null,
          device_id: device?.id ?? null,
          until: new Date(until).toISOString(),
          note: input.note.trim(),
          created_by: ctx.principal.userId || null,
          created_at: ctx.now,
        }
        await insertMute(ctx.db, row)
        const name = [rule?.name, device?.name].filter(Boolean).join(' · ')
        // The trail says in words what the mute holds back and until when: a device's alerts, a rule, or both.
        const changes = [
          ...(rule ? [{ field: 'rule', before: null, after: rule.name }] : []),
          ...(device ? [{ field: 'device', before: null, after: device.name }] : []),
          { field: 'until', before: null, after: row.until },
        ]
        await audit(ctx.db, organizationId, ctx.actor, { action: 'mute', collection: 'alerts', recordId: row.id, recordName: name, changes }, ctx.now)
        tellLater(ctx, row.id, 'create')
        return row
      })
      return c.json(muteOf(mute), 201)
    })
    .delete(`${ALERTS_PATH}/mutes/:id`, requireRight('alerts'), async (c) => {
      const { organizationId } = c.var.principal
      const id = c.req.param('id')
      const removed = await runWrite(services, c, async (ctx) => {
        const row = id.length > 64 ? undefined : await findMute(ctx.db, organizationId, id)
        if (!row) throw fail(404, 'notFound')
        await deleteMute(ctx.db, organizationId, id)
        await audit(ctx.db, organizationId, ctx.actor, { action: 'unmute', collection: 'alerts', recordId: id }, ctx.now)
        tellLater(ctx, id, 'delete')
        return row
      })
      return c.json(muteOf(removed))
    })
    .post(`${ALERTS_PATH}/:id/ack`, requireRight('alerts'), async (c) => {
      const { organizationId } = c.var.principal
      const id = c.req.param('id')
      if (!(await findAlert(organizationId, id))) throw fail(404, 'notFound')
      const input = await readBody(c, AlertAck)
      const acked = await runWrite(services, c, async (ctx) => {
        await markAcked(ctx.db, organizationId, id, { at: ctx.now, by: ctx.actor.name || ctx.actor.id, note: input.note.trim() })
        const row = (await findAlert(organizationId, id, ctx.db))!
        await audit(ctx.db, organizationId, ctx.actor, { action: 'ack', collection: 'alerts', recordId: id, recordName: `${row.rule_name} · ${row.subject_name}` }, ctx.now)
        tellLater(ctx, id, 'update')
        return row
      })
      return c.json(alertOf(acked))
    })
}
