import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import { CAP_KINDS, planOf, type CapKind, type CapUsage } from '../../contract/billing'
import type { AnyDb } from '../db/open'
import { ApiError } from '../http/errors'
import { message, type ServerKey } from '../messages'
import { lockOrganization } from './usage'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Where = (eb: ExpressionBuilder<any, any>, now: string) => Expression<SqlBool>

/**
 * What takes a place under each cap: the organization's rows of its table, less those that no
 * longer stand for anything (a revoked or expired key, the built-in role, an invitation accepted,
 * withdrawn or expired, a mute past its time). Deleted rows are gone, so they free theirs.
 */
const COUNTED: Record<CapKind, { table: string; where?: Where; refusal: ServerKey }> = {
  alert_rules: { table: 'alert_rules', refusal: 'planLimitAlertRules' },
  webhooks: { table: 'webhooks', refusal: 'planLimitWebhooks' },
  views: { table: 'views', refusal: 'planLimitViews' },
  access_keys: {
    table: 'access_keys',
    where: (eb, now) => eb.and([eb('revoked_at', 'is', null), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]),
    refusal: 'planLimitAccessKeys',
  },
  app_ids: { table: 'app_ids', refusal: 'planLimitAppIds' },
  roles: { table: 'roles', where: (eb) => eb('builtin', '=', 0), refusal: 'planLimitRoles' },
  invitations: { table: 'invitations', where: (eb, now) => eb.and([eb('used_at', 'is', null), eb('expires_at', '>', now)]), refusal: 'planLimitInvitations' },
  alert_mutes: { table: 'alert_mutes', where: (eb, now) => eb('until', '>', now), refusal: 'planLimitAlertMutes' },
}

/** How many places of `kind` the organization takes at `now` (ISO). */
export async function capCount(db: AnyDb, organizationId: string, kind: CapKind, now: string): Promise<number> {
  const { table, where } = COUNTED[kind]
  let query = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('organization_id', '=', organizationId)
  if (where) query = query.where((eb) => where(eb, now))
  return Number((await query.executeTakeFirst())?.n ?? 0)
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
 * Refuses, with 409 naming the limit, one more `kind` than the organization's plan allows. Called
 * in the create's transaction before it writes: the organization's row is taken first, so creates
 * at once (on any process) count one after the other and the last free place goes once.
 */
export async function checkCap(ctx: CapContext, kind: CapKind): Promise<void> {
  const organizationId = ctx.principal.organizationId
  const organization = await lockOrganization(ctx.db, organizationId)
  const limit = planOf(organization?.plan ?? 'free').caps[kind]
  if ((await capCount(ctx.db, organizationId, kind, ctx.now)) >= limit) throw new ApiError(409, message(COUNTED[kind].refusal, { limit }))
}
