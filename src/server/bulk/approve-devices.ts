import type { Device } from '../../contract/devices'
import { audit } from '../audit/trail'
import { approvePending, unapprove } from '../db/enrolled-devices'
import { message } from '../messages'
import type { WriteContext } from '../collections/engine'

// The bulk approval of pending devices, and its undo while they have not yet beaten.

/** Approved as `POST /devices/{id}/approve` approves: a pending device becomes provisioning, with its own audit entry; any other is skipped. */
export async function approveOne(ctx: WriteContext, current: Device): Promise<{ before: Record<string, unknown>; version: number; change: 'update' } | { reason: string }> {
  if (current.status !== 'pending') return { reason: message('notPending') }
  const organizationId = ctx.principal.organizationId
  const version = await approvePending(ctx.db, organizationId, current.id, ctx.now)
  if (version === undefined) return { reason: message('conflict') }
  const changes = [{ field: 'status', before: 'pending', after: 'provisioning' }]
  await audit(ctx.db, organizationId, ctx.actor, { action: 'approve', collection: 'devices', recordId: current.id, recordName: current.name, changes }, ctx.now)
  return { before: { status: 'pending', last_seen: current.last_seen }, version, change: 'update' }
}

/** Back to pending, while still provisioning with no heartbeat since the approval (renamed or tagged since is fine); answers its new version. */
export async function unapproveOne(ctx: WriteContext, before: Record<string, unknown>, current: Device | undefined): Promise<{ version: number } | { reason: string }> {
  if (!current) return { reason: message('bulkGone') }
  const lastSeen = (before.last_seen as string | null | undefined) ?? null
  if (current.status !== 'provisioning' || current.last_seen !== lastSeen) return { reason: message('bulkBeatSince') }
  const version = await unapprove(ctx.db, ctx.principal.organizationId, current.id, lastSeen, ctx.now)
  return version === undefined ? { reason: message('bulkBeatSince') } : { version }
}
