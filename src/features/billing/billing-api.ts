import { call, type Result } from '../../api/client'
import { listParams, type Page } from '../../api/collection'
import {
  BILLING_PATH,
  INVOICES_PATH,
  PAYMENT_METHOD_PATH,
  PLAN_PATH,
  invoicePath,
  type Billing,
  type Invoice,
  type PaymentMethodInput,
  type PlanName,
} from '../../contract/billing'
import type { ListQuery } from '../../contract/collections'

export const getBilling = (signal?: AbortSignal) => call<Billing>('GET', BILLING_PATH, { signal })

/** A stale `version` is 409 with the billing as it is now; a plan too small for the fleet, 409 with what to remove. */
export const changePlan = (plan: PlanName, version: number) => call<Billing>('PUT', PLAN_PATH, { body: { plan, version } })

export const savePaymentMethod = (input: PaymentMethodInput) => call<Billing>('PUT', PAYMENT_METHOD_PATH, { body: input })

export const removePaymentMethod = () => call<Billing>('DELETE', PAYMENT_METHOD_PATH)

/** A page of invoices, newest first unless sorted otherwise, with the total. */
export async function listInvoices(query: ListQuery, signal?: AbortSignal): Promise<Result<Page<Invoice & { created_at: string; updated_at: string; version: number }>>> {
  const result = await call<Invoice[]>('GET', INVOICES_PATH, { query: listParams(query), signal })
  if (!result.ok) return result
  const rows = (Array.isArray(result.data) ? result.data : []).map((invoice) => ({ ...invoice, created_at: invoice.issued_at, updated_at: invoice.issued_at, version: 1 }))
  return { ok: true, status: result.status, data: { rows, total: result.total ?? rows.length } }
}

export const getInvoice = (id: string, signal?: AbortSignal) => call<Invoice>('GET', invoicePath(id), { signal })

export { INVOICE_LIST } from '../../ui/list/list-defaults'
