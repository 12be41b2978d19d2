import { listPage, type ListColumns, type ListPage, type ListParams } from '../list'
import type { AnyDb } from '../open'
import { filterContext, filtered, type ListShape } from '../records'
import type { InvoiceRow } from '../schema'

/** The organization's plan and when it began; undefined when there is no such organization. */
export const organizationSince = (db: AnyDb, organizationId: string): Promise<{ plan: string; created_at: string } | undefined> =>
  db.selectFrom('organizations').select(['plan', 'created_at']).where('id', '=', organizationId).executeTakeFirst()

/** The periods (`YYYY-MM`) from `from` on that the organization has an invoice of. */
export async function billedPeriods(db: AnyDb, organizationId: string, from: string): Promise<string[]> {
  const rows = await db.selectFrom('invoices').select('period').where('organization_id', '=', organizationId).where('period', '>=', from).execute()
  return rows.map((row: { period: string }) => row.period)
}

/** Keeps an invoice unless its organization has one of its period already; answers whether it was kept. */
export async function insertInvoice(db: AnyDb, invoice: InvoiceRow): Promise<boolean> {
  const result = await db
    .insertInto('invoices')
    .values(invoice)
    .onConflict((conflict) => conflict.columns(['organization_id', 'period']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** A page of the organization's invoices, searched, filtered and sorted as `list` asks. */
export function invoicePage(
  db: AnyDb,
  organizationId: string,
  list: ListParams & { filters: Record<string, string[]> },
  shape: ListShape,
  now: string,
): Promise<ListPage<InvoiceRow>> {
  const query = db.selectFrom('invoices').selectAll().where('organization_id', '=', organizationId)
  const columns: ListColumns = { ...shape, id: 'id' }
  return listPage(filtered(query, shape, list, filterContext(db, now)), list, columns) as Promise<ListPage<InvoiceRow>>
}

/** The organization's invoice `id`, if any. */
export const invoiceRow = (db: AnyDb, organizationId: string, id: string): Promise<InvoiceRow | undefined> =>
  db.selectFrom('invoices').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst() as Promise<InvoiceRow | undefined>
