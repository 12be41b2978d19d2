import type { DeviceCredential } from '../../contract/enrollment'
import { audit } from '../audit/trail'
import { devices } from '../collections/devices'
import { writeAs, type EngineServices, type WriteContext, type Writer } from '../collections/engine'
import { newestCredentialOf } from '../db/device-credentials'
import { approvePending, deletePending } from '../db/enrolled-devices'
import { devicesOf } from '../db/devices'
import { recordRow } from '../db/records'
import { refuse } from '../problem'
import { revokeCredentials } from './credentials'

/** The organization's device `id` as its record reads, or 404. */
async function deviceOf(ctx: WriteContext, id: string) {
  const row = id.length > 64 ? undefined : await recordRow(devicesOf(ctx.db, ctx.principal.organizationId), 'id', id)
  if (!row) throw refuse('notFound', 'deviceNotFound')
  return devices.toRecord(row)
}

const changed = (ctx: WriteContext, id: string, action: 'update' | 'delete', version: number) =>
  ctx.later(() => ctx.services.hub.publish(ctx.principal.organizationId, 'change', { collection: 'devices', id, action, version }))

/** Revokes the device's credential at once: its next call is 401. Answers the credential as revoked; 404 when it has none standing. */
export const revokeDeviceCredential = (services: EngineServices, writer: Writer, deviceId: string): Promise<DeviceCredential> =>
  writeAs(services, writer, async (ctx) => {
    const device = await deviceOf(ctx, deviceId)
    const organizationId = ctx.principal.organizationId
    if (!(await revokeCredentials(ctx.db, organizationId, device.id, ctx.now))) throw refuse('notFound', 'noCredential')
    ctx.later(() => ctx.services.hub.disconnect(`device:${device.id}`))
    await audit(ctx.db, organizationId, ctx.actor, { action: 'revoke_credential', collection: 'devices', recordId: device.id, recordName: device.name }, ctx.now)
    changed(ctx, device.id, 'update', device.version)
    return { ...(await newestCredentialOf(ctx.db, organizationId, device.id))! }
  })

/** A pending device is approved: provisioning until its next heartbeat, which then counts. 409 when it is not pending. */
export const approveDevice = (services: EngineServices, writer: Writer, deviceId: string) =>
  writeAs(services, writer, async (ctx) => {
    const device = await deviceOf(ctx, deviceId)
    const version = await approvePending(ctx.db, ctx.principal.organizationId, device.id, ctx.now)
    if (version === undefined) throw refuse('conflict', 'notPending')
    const after = await deviceOf(ctx, device.id)
    await audit(ctx.db, ctx.principal.organizationId, ctx.actor, { action: 'approve', collection: 'devices', recordId: device.id, recordName: device.name, changes: [{ field: 'status', before: device.status, after: after.status }] }, ctx.now)
    changed(ctx, device.id, 'update', after.version)
    return after
  })

/** A pending device is refused: removed, its credential with it. 409 when it is not pending. */
export const refuseDevice = (services: EngineServices, writer: Writer, deviceId: string) =>
  writeAs(services, writer, async (ctx) => {
    const device = await deviceOf(ctx, deviceId)
    if (!(await deletePending(ctx.db, ctx.principal.organizationId, device.id))) throw refuse('conflict', 'notPending')
    ctx.later(() => ctx.services.hub.disconnect(`device:${device.id}`))
    await audit(ctx.db, ctx.principal.organizationId, ctx.actor, { action: 'refuse', collection: 'devices', recordId: device.id, recordName: device.name }, ctx.now)
    changed(ctx, device.id, 'delete', device.version)
    return device
  })
