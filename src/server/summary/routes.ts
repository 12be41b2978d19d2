import { Hono } from 'hono'
import { planOf } from '../../contract/billing'
import { DEVICE_STATUSES, type DeviceStatus } from '../../contract/devices'
import { SUMMARY_ADDED_DAYS, SUMMARY_EXPIRY_DAYS, SUMMARY_PATH, type Summary } from '../../contract/summary'
import { usageOf } from '../billing/usage'
import type { AnyDb } from '../db/open'
import { appIdCount, deviceCounts, devicesAddedSince, firingCount, keysExpiringCount, planNameOf, tunnelCount, tunnelsUp } from '../db/summary'
import { requirePrincipal, type AuthEnv } from '../http/auth'
import type { Services } from '../services'
import { describe } from '../openapi/registry'
import { int, obj, ref, time } from '../openapi/shapes'

const DAY_MS = 86_400_000

/**
 * `GET /summary`: the home screen's figures, each part only with its right, all counted in the
 * caller's organization on the indexes that start with it: devices by status, tunnels up (enabled,
 * their device enabled and its agent linked) of all, keys expiring within a week, app ids, alerts firing (with `alerts`
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
        'devices?': obj({ online: int, offline: int, error: int, provisioning: int, pending: int, disabled: int, total: int, added_7d: int }),
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
      parts.push(
        Promise.all([deviceCounts(db, organizationId), devicesAddedSince(db, organizationId, since)]).then(([rows, added]) => {
          const devices = { online: 0, offline: 0, error: 0, provisioning: 0, pending: 0, disabled: 0, total: 0, added_7d: added }
          for (const row of rows) {
            devices.total += row.n
            // A disabled device is dark because an operator chose it: counted apart, not as offline.
            if (!row.enabled) devices.disabled += row.n
            else if ((DEVICE_STATUSES as readonly string[]).includes(row.status)) devices[row.status as DeviceStatus] += row.n
          }
          answer.devices = devices
        }),
      )
    }

    if (rights.includes('tunnels')) {
      parts.push(Promise.all([tunnelsUp(db, organizationId), tunnelCount(db, organizationId)]).then(([up, total]) => void (answer.tunnels = { up, total })))
    }

    if (rights.includes('access_keys')) {
      const until = new Date(now.getTime() + SUMMARY_EXPIRY_DAYS * DAY_MS).toISOString()
      parts.push(keysExpiringCount(db, organizationId, now.toISOString(), until).then((expiring) => void (answer.access_keys = { expiring })))
    }

    if (rights.includes('app_ids')) {
      parts.push(appIdCount(db, organizationId).then((total) => void (answer.app_ids = { total })))
    }

    if (rights.includes('alerts') || rights.includes('devices')) {
      parts.push(firingCount(db, organizationId).then((firing) => void (answer.alerts = { firing })))
    }

    if (rights.includes('billing')) {
      parts.push(
        Promise.all([planNameOf(db, organizationId), usageOf(db as unknown as AnyDb, organizationId, now)]).then(([planName, usage]) => {
          const plan = planOf(planName)
          answer.billing = { plan: plan.name, limits: plan.limits, usage }
        }),
      )
    }

    await Promise.all(parts)
    return c.json(answer)
  })
}
