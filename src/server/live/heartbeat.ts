import type { HeartbeatBody } from '../../contract/devices'
import type { AlertEvaluator } from '../alerts/evaluator'
import { beatingDevice, insertHeartbeat } from '../db/live'
import type { Db } from '../db/open'
import { refuse } from '../problem'
import type { Presence } from './presence'

/** What a heartbeat needs besides itself. */
export interface HeartbeatDeps {
  db: Db
  now: () => Date
  presence: Presence
  alerts?: AlertEvaluator
}

/**
 * A device's heartbeat: sets it online (or in error), notes its address and firmware, and keeps
 * the metrics; refused for a device the organization lacks or one disabled. Answers the status set
 * and the time it was seen; a device pending approval has its beats held: nothing is kept.
 */
export async function recordHeartbeat(deps: HeartbeatDeps, organizationId: string, id: string, body: HeartbeatBody): Promise<{ status: 'online' | 'error'; last_seen: string } | { status: 'pending' }> {
  const device = await beatingDevice(deps.db, organizationId, id)
  if (!device) throw refuse('notFound', 'notFound')
  if (!device.enabled) throw refuse('forbidden', 'deviceDisabled')
  if (device.status === 'pending') return { status: 'pending' }
  const at = deps.now().toISOString()
  const status = body.status ?? 'online'
  if (!(await insertHeartbeat(deps.db, { organizationId, deviceId: id, at, status, ip: body.ip, firmware: body.firmware, os: body.os, metrics: body.metrics }))) {
    throw refuse('forbidden', 'deviceDisabled')
  }
  deps.presence.seen(organizationId, { id, status, last_seen: at }, device.status !== status)
  deps.alerts?.heartbeat(organizationId, { device, status, at, metrics: body.metrics ?? {} })
  return { status, last_seen: at }
}
