import { Hono } from 'hono'
import { planOf } from '../contract/billing'
import { DEVICE_STATUSES, type DeviceStatus } from '../contract/devices'
import { SUMMARY_ADDED_DAYS, SUMMARY_EXPIRY_DAYS, SUMMARY_PATH, type Summary } from '../contract/summary'
import { usageOf } from './billing/usage'
import type { AnyDb } from './db/open'
import { requirePrincipal, type AuthEnv } from './http/auth'
import type { Services } from './services'
import { describe } from './openapi/registry'
import { int, obj, ref, time } from './openapi/shapes'

const DAY_MS = 86_400_000

const countOf = (row: { n?: unknown } | undefined) => Number(row?.n ?? 0)

/**
 * `GET /summary`: the home screen's figures, each part only with its right, all counted in the
 * caller's organization on the indexes that start with it: devices by status, tunnels up (enabled,
 * their device online) of all, keys expiring within a week, app ids, alerts firing (with `alerts`
 * or `devices`), and the plan's usage (counted
 * as the billing screen counts it).
 */
const COUNTS = { type: 'object', additionalProperties: { type: 'integer' } }
describe({
  method: 'get',
  path: SUMMARY_PATH,
  tag: 'Console',
  summary: 'The home screen\'s figures',
  description: 'Each figure only with its right: devices by status (a disabled device counts as `disabled`, not by its status) and those added within 7 days (`added_7d`), tunnels up, access keys expiring within 7 days, app ids, alerts firing (to holders of `alerts` or `devices`), plan usage.',
  caller: 'principal',
  answers: {
    200: {
      description: 'The figures the caller may see.',
      body: obj({
        generated_at: time,
        'devices?': obj({ online: int, offline: int, error: int, provisioning: int, disabled: int, total: int, added_7d: int }),
        'tunnels?': obj({ up: int, total: int }),
        'access_keys?': obj({ expiring: int }),
        'app_ids?': obj({ total: int }),
        'alerts?': obj({ firing: int }),
        'billing?': obj({ plan: ref('PlanName'), limits: COUNTS, usage: COUNTS }),
      }),
    },
  },
})

export function summaryRoutes(services: Services) {
  const { db } = services
  return new Hono<AuthEnv>().get(SUMMARY_PATH, requirePrincipal(services), async (c) => {
    const { organizationId, rights } = c.var.principal
    const now = services.now()
    const answer: Summary = { generated_at: now.toISOString() }
    const parts: Promise<void>[] = []

    if (rights.includes('devices')) {
      const since = new Date(now.getTime() - SUMMARY_ADDED_DAYS * DAY_MS).toISOString()
      const added = db
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organization_id', '=', organizationId)
        .where('created_at', '>=', since)
        .executeTakeFirst()
      parts.push(
        Promise.all([
          db
            .selectFrom('devices')
            .select(['status', 'enabled', (eb) => eb.fn.countAll().as('n')])
            .where('organization_id', '=', organizationId)
            .groupBy(['status', 'enabled'])
            .execute(),
          added,
        ]).then(([rows, addedRow]) => {
          const devices = { online: 0, offline: 0, error: 0, provisioning: 0, disabled: 0, total: 0, added_7d: countOf(addedRow) }
          for (const row of rows) {
            const n = countOf(row)
            devices.total += n
            // A disabled device is dark because an operator chose it: counted apart, not as offline.
            if (!Number(row.enabled)) devices.disabled += n
            else if ((DEVICE_STATUSES as readonly string[]).includes(row.status)) devices[row.status as DeviceStatus] += n
          }
          answer.devices = devices
        }),
      )
    }

    if (rights.includes('tunnels')) {
      const total = db
        .selectFrom('tunnels')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirst()
      const up = db
        .selectFrom('tunnels as t')
        .innerJoin('devices as d', 'd.id', 't.device_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('t.organization_id', '=', organizationId)
        .where('d.organization_id', '=', organizationId)
        .where('t.enabled', '=', 1)
        .where('d.status', '=', 'online')
        .executeTakeFirst()
      parts.push(Promise.all([up, total]).then(([upRow, totalRow]) => void (answer.tunnels = { up: countOf(upRow), total: countOf(totalRow) })))
    }

    if (rights.includes('access_keys')) {
      const until = new Date(now.getTime() + SUMMARY_EXPIRY_DAYS * DAY_MS).toISOString()
      parts.push(
        db
          .selectFrom('access_keys')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('organization_id', '=', organizationId)
          .where('expires_at', '>', now.toISOString())
          .where('expires_at', '<=', until)
          .where('revoked_at', 'is', null)
          .executeTakeFirst()
          .then((row) => void (answer.access_keys = { expiring: countOf(row) })),
      )
    }

    if (rights.includes('app_ids')) {
      parts.push(
        db
          .selectFrom('app_ids')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirst()
          .then((row) => void (answer.app_ids = { total: countOf(row) })),
      )
    }

    if (rights.includes('alerts') || rights.includes('devices')) {
      parts.push(
        db
          .selectFrom('alerts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('organization_id', '=', organizationId)
          .where('fired_at', 'is not', null)
          .where('resolved_at', 'is', null)
          .executeTakeFirst()
          .then((row) => void (answer.alerts = { firing: countOf(row) })),
      )
    }

    if (rights.includes('billing')) {
      parts.push(
        Promise.all([
          db.selectFrom('organizations').select('plan').where('id', '=', organizationId).executeTakeFirst(),
          usageOf(db as unknown as AnyDb, organizationId, now),
        ]).then(([organization, usage]) => {
          const plan = planOf(organization?.plan ?? '')
          answer.billing = { plan: plan.name, limits: plan.limits, usage }
        }),
      )
    }

    await Promise.all(parts)
    return c.json(answer)
  })
}
