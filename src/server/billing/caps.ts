import { CAP_KINDS, planOf, type CapKind, type CapUsage } from '../../contract/billing'
import { capCount, lockOrganization } from '../db/billing/usage'
import type { AnyDb } from '../db/open'
import type { ServerKey } from '../messages'
import { refuse } from '../problem'

/** The refusal of one more of each capped collection than the plan allows (`{{limit}}`). */
const REFUSAL: Record<CapKind, ServerKey> = {
  alert_rules: 'planLimitAlertRules',
  webhooks: 'planLimitWebhooks',
  views: 'planLimitViews',
  access_keys: 'planLimitAccessKeys',
  app_ids: 'planLimitAppIds',
  roles: 'planLimitRoles',
  invitations: 'planLimitInvitations',
  alert_mutes: 'planLimitAlertMutes',
}

/** Each capped collection's use against the plan `planName` allows, as `GET /billing/` answers it. */
export async function capUsageOf(db: AnyDb, organizationId: string, planName: string, now: string): Promise<Record<CapKind, CapUsage>> {
  const { caps } = planOf(planName)
  const counts = await Promise.all(CAP_KINDS.map((kind) => capCount(db, organizationId, kind, now)))
  return Object.fromEntries(CAP_KINDS.map((kind, index) => [kind, { used: counts[index]!, limit: caps[kind] }])) as Record<CapKind, CapUsage>
}

/** What a create needs of its write: the transaction, whose organization, and when. */
export interface CapContext {
  db: AnyDb
  principal: { organizationId: string }
  now: string
}

/**
 * Refuses, as a conflict naming the limit, one more `kind` than the organization's plan allows.
 * Called in the create's transaction before it writes: the organization's row is taken first, so
 * creates at once (on any process) count one after the other and the last free place goes once.
 */
export async function checkCap(ctx: CapContext, kind: CapKind): Promise<void> {
  const organizationId = ctx.principal.organizationId
  const organization = await lockOrganization(ctx.db, organizationId)
  const limit = planOf(organization?.plan ?? 'free').caps[kind]
  if ((await capCount(ctx.db, organizationId, kind, ctx.now)) >= limit) throw refuse('conflict', REFUSAL[kind], { limit })
}
