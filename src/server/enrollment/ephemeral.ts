import type { ChangeEvent } from '../../contract/collections'
import { EPHEMERAL_AFTER_S } from '../../contract/enrollment'
import { audit, type Actor } from '../audit/trail'
import { deleteSilentDevice, silentEphemeralDevices } from '../db/enrolled-devices'
import type { AnyDb, Db } from '../db/open'
import { inTransaction } from '../db/transaction'

/** At most this many ephemeral devices go in one sweep; the next sweep takes the rest. */
export const EPHEMERAL_PER_SWEEP = 500

const SWEEPER: Actor = { kind: 'system', id: 'sweeper', name: '', ip: '', userAgent: '' }

/** Tells open consoles of a change in an organization. */
export type PublishChange = (organizationId: string, change: ChangeEvent) => unknown

/**
 * Removes the ephemeral devices silent for `EPHEMERAL_AFTER_S` (last seen before, or never seen and
 * made before), each in its own transaction with its trail entry, checked again as it is deleted so
 * a device that beat meanwhile stays. Answers how many went.
 */
export async function removeSilentEphemeral(db: Db, now: Date, publish?: PublishChange): Promise<number> {
  const cutoff = new Date(now.getTime() - EPHEMERAL_AFTER_S * 1000).toISOString()
  const at = now.toISOString()
  let removed = 0
  for (const device of await silentEphemeralDevices(db, cutoff, EPHEMERAL_PER_SWEEP)) {
    const gone = await inTransaction(db as unknown as AnyDb, async (trx) => {
      if (!(await deleteSilentDevice(trx, device.organization_id, device.id, cutoff))) return false
      await audit(trx, device.organization_id, SWEEPER, { action: 'remove_ephemeral', collection: 'devices', recordId: device.id, recordName: device.name }, at)
      return true
    })
    if (!gone) continue
    removed++
    await publish?.(device.organization_id, { collection: 'devices', id: device.id, action: 'delete', version: Number(device.version) })
  }
  return removed
}
