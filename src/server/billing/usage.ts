import { excessOver, monthStart, planOf, type Limits, type Plan, type Usage } from '../../contract/billing'
import { countOf, lockOrganization, trafficBetween } from '../db/billing/usage'
import type { AnyDb } from '../db/open'
import { message } from '../messages'
import { Problem } from '../problem'

export { lockOrganization, trafficBetween }

/** Devices and tunnels as counted now; traffic of this calendar month (UTC), reported and through tunnels. */
export async function usageOf(db: AnyDb, organizationId: string, now: Date): Promise<Usage> {
  const [devices, tunnels, traffic] = await Promise.all([
    countOf(db, 'devices', organizationId),
    countOf(db, 'tunnels', organizationId),
    trafficBetween(db, organizationId, monthStart(now), monthStart(now, 1)),
  ])
  return { devices, tunnels, traffic_bytes: traffic.bytes, tunnel_traffic_bytes: traffic.tunnel_bytes }
}

/** Refuses, as a conflict, one more device or tunnel than the organization's plan allows. */
export async function checkPlanLimit(ctx: { db: AnyDb; principal: { organizationId: string } }, kind: 'devices' | 'tunnels'): Promise<void> {
  const organizationId = ctx.principal.organizationId
  const organization = await lockOrganization(ctx.db, organizationId)
  const limits: Limits = planOf(organization?.plan ?? 'free').limits
  const count = await countOf(ctx.db, kind, organizationId)
  if (count >= limits[kind]) throw new Problem('conflict', message(kind === 'devices' ? 'planLimitDevices' : 'planLimitTunnels', { limit: limits[kind] }))
}

/** The conflict message of a plan too small for what the organization has, or null when it fits. */
export function downgradeRefusal(usage: Usage, plan: Plan): string | null {
  const { limits } = plan
  const excess = excessOver(usage, limits)
  const parts = [
    excess.devices > 0 ? message(excess.devices === 1 ? 'removeDevice' : 'removeDevices', { n: excess.devices }) : '',
    excess.tunnels > 0 ? message(excess.tunnels === 1 ? 'removeTunnel' : 'removeTunnels', { n: excess.tunnels }) : '',
  ].filter(Boolean)
  if (!parts.length) return null
  const name = plan.name.charAt(0).toUpperCase() + plan.name.slice(1)
  return message('planDowngrade', { plan: name, devices: limits.devices, tunnels: limits.tunnels, what: parts.length === 2 ? message('removeBoth', { first: parts[0]!, second: parts[1]! }) : parts[0]! })
}
