import type { Principal } from '../auth/principal'
import { LINK_CLOSE } from '../../contract/tunnels'
import { credentialRenewed, linkHolder, tunnelToConnect } from '../db/device-links'
import { beatingDevice } from '../db/live'
import type { Db } from '../db/open'
import { credentialHolder, type DeviceHolder } from '../enrollment/credentials'
import { looksLikeCredential } from '../enrollment/secrets'
import { needsRight, refuse } from '../problem'

// Who may link an agent, and keep its link; who may connect through a TCP tunnel.

/** A device's agent as its link speaks for it: the holder of the credential, and the credential to check it again. */
export interface LinkedDevice extends DeviceHolder {
  token: string
}

/** The device a link's credential acts for; 401 for a credential unknown, revoked or expired, 403 for a device disabled or waiting for approval. */
export async function admitLink({ db, now }: { db: Db; now: () => Date }, token: string | undefined): Promise<LinkedDevice> {
  const holder = token && looksLikeCredential(token) ? await credentialHolder(db, token, now()) : undefined
  if (!token || !holder) throw refuse('unauthorized', 'credentialRefused')
  const device = await beatingDevice(db, holder.organizationId, holder.deviceId)
  if (!device) throw refuse('unauthorized', 'credentialRefused')
  if (Number(device.enabled) !== 1) throw refuse('forbidden', 'deviceDisabled')
  if (device.status === 'pending') throw refuse('forbidden', 'linkPending')
  return { ...holder, token }
}

/**
 * Why a standing link must close now, or undefined while it may stay: its credential ended
 * (refused; renewed: replaced, so the agent comes back at once with the newer one), its device is
 * disabled, pending or gone, or a newer link of the device is held by another process.
 */
export async function linkVerdict(
  { db, now, processId }: { db: Db; now: () => Date; processId: string },
  linked: LinkedDevice,
): Promise<{ code: number; reason: string } | undefined> {
  const { deviceId } = linked
  const holder = await credentialHolder(db, linked.token, now())
  if (!holder && (await credentialRenewed(db, linked.credentialId, now().toISOString()))) return { code: LINK_CLOSE.replaced, reason: 'renewed' }
  if (!holder || holder.deviceId !== deviceId) return { code: LINK_CLOSE.refused, reason: 'refused' }
  const device = await beatingDevice(db, holder.organizationId, deviceId)
  if (!device) return { code: LINK_CLOSE.refused, reason: 'refused' }
  if (Number(device.enabled) !== 1 || device.status === 'pending') return { code: LINK_CLOSE.disabled, reason: 'disabled' }
  const holding = await linkHolder(db, deviceId)
  if (holding && holding !== processId) return { code: LINK_CLOSE.replaced, reason: 'replaced' }
  return undefined
}

/**
 * The TCP tunnel `id` a principal may connect through from this process: 403 without the right
 * `tunnels` (a device's credential or a heartbeat-only key never), 404 for another organization's,
 * 409 when it is not TCP, is down, or its device is linked to another process.
 */
export async function tunnelToReach(
  { db, processId }: { db: Db; processId: string },
  principal: Principal,
  id: string,
): Promise<{ id: string; organization_id: string; device_id: string }> {
  if (principal.kind === 'device') throw refuse('forbidden', 'credentialOnlyHeartbeats')
  if (principal.heartbeatOnly) throw refuse('forbidden', 'heartbeatOnly')
  if (!principal.rights.includes('tunnels')) throw needsRight('tunnels')
  const tunnel = id.length > 64 ? undefined : await tunnelToConnect(db, principal.organizationId, id)
  if (!tunnel) throw refuse('notFound', 'notFound')
  if (tunnel.protocol !== 'tcp') throw refuse('conflict', 'linkNotTcp')
  if (Number(tunnel.enabled) !== 1 || Number(tunnel.device_enabled) !== 1) throw refuse('conflict', 'linkTunnelDisabled')
  if (!tunnel.process_id) throw refuse('conflict', 'linkDown')
  // Forwarding a connection to the process that holds the link is a later step.
  if (tunnel.process_id !== processId) throw refuse('conflict', 'linkElsewhere')
  return { id: tunnel.id, organization_id: principal.organizationId, device_id: tunnel.device_id }
}
