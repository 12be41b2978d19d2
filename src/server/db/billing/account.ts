import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { AnyDb } from '../open'
import type { PaymentMethodRow } from '../schema'

/** The organization's plan and version; throws when there is no such organization. */
export const planAndVersionOf = (db: AnyDb, organizationId: string): Promise<{ plan: string; version: number }> =>
  db.selectFrom('organizations').select(['plan', 'version']).where('id', '=', organizationId).executeTakeFirstOrThrow()

/** Puts the organization on `plan` at `at`, a new version of it. */
export async function setPlan(db: AnyDb, organizationId: string, plan: string, at: string): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ plan, updated_at: at, version: sql`version + 1` })
    .where('id', '=', organizationId)
    .execute()
}

/** The card on record of the organization, if any. */
export const paymentMethodRow = (db: AnyDb, organizationId: string): Promise<PaymentMethodRow | undefined> =>
  db.selectFrom('payment_methods').selectAll().where('organization_id', '=', organizationId).executeTakeFirst() as Promise<PaymentMethodRow | undefined>

/** Whether the organization has a card on record. */
export async function hasPaymentMethod(db: AnyDb, organizationId: string): Promise<boolean> {
  return !!(await db.selectFrom('payment_methods').select('organization_id').where('organization_id', '=', organizationId).executeTakeFirst())
}

/** What is kept of a card: never its number or its code. */
export type StoredCard = Pick<PaymentMethodRow, 'brand' | 'last4' | 'exp_month' | 'exp_year' | 'name'>

/** Sets the organization's card, replacing the one on record. */
export async function savePaymentMethod(db: AnyDb, organizationId: string, card: StoredCard, at: string): Promise<void> {
  await db
    .insertInto('payment_methods')
    .values({ organization_id: organizationId, ...card, created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column('organization_id').doUpdateSet({ ...card, updated_at: at }))
    .execute()
}

/** Removes the organization's card; answers whether there was one. */
export async function deletePaymentMethod(db: AnyDb, organizationId: string): Promise<boolean> {
  const gone = await db.deleteFrom('payment_methods').where('organization_id', '=', organizationId).executeTakeFirst()
  return Number(gone.numDeletedRows) > 0
}

export interface PlanChange {
  at: string
  from_plan: string
  plan: string
}

/** Records a change of the organization's plan, in the transaction that makes it. */
export async function insertPlanChange(db: AnyDb, organizationId: string, fromPlan: string, plan: string, at: string): Promise<void> {
  await db.insertInto('plan_changes').values({ id: randomUUID(), organization_id: organizationId, at, from_plan: fromPlan, plan }).execute()
}

/** The organization's plan changes in time order. */
export const planChangesOf = (db: AnyDb, organizationId: string): Promise<PlanChange[]> =>
  db.selectFrom('plan_changes').select(['at', 'from_plan', 'plan']).where('organization_id', '=', organizationId).orderBy('at').orderBy('id').execute()
