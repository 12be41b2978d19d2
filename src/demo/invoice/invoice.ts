/** The demos' currency: USD, written with $. */
export const CURRENCY = 'USD'

export interface InvoiceRow {
  id: number
  item: string
  desc: string
  /** Dollars, at least 0. */
  price: number
  /** A whole number, at least 0. */
  qty: number
}

export interface Invoice {
  header: string
  address: { from: string[]; to: string[] }
  title: string
  number: string
  /** ISO date. */
  date: string
  paid: boolean
  note: string
  dataTable: InvoiceRow[]
}

/** The demo's made-up invoice. */
export const INVOICE: Invoice = {
  header: 'Edgeline Networks',
  address: {
    from: ['Edgeline Networks', 'Hafenstraße 12', '20457 Hamburg'],
    to: ['Berlin HQ', 'Friedrichstraße 100', '10117 Berlin'],
  },
  title: 'Quarterly hardware',
  number: 'INV-2026-0042',
  date: '2026-10-01',
  paid: false,
  note: 'Payable within 30 days.',
  dataTable: [
    { id: 1, item: 'EdgeBox 300', desc: 'Gateway, 4 ports', price: 249, qty: 4 },
    { id: 2, item: 'Kiosk K2', desc: 'Lobby kiosk, 21 inch', price: 899.5, qty: 2 },
    { id: 3, item: 'Support', desc: 'On-site hours', price: 85, qty: 6 },
  ],
}

/** Whole cents, so sums of prices do not drift (0.1 + 0.2). */
const cents = (dollars: number) => Math.round(dollars * 100)

/** One row's amount: price times quantity. */
export const rowAmount = (row: InvoiceRow) => cents(row.price * row.qty) / 100

/** The invoice's total: the sum of its rows' amounts, recomputed from the rows as they are. */
export const invoiceTotal = (rows: readonly InvoiceRow[]) => rows.reduce((sum, row) => sum + cents(row.price * row.qty), 0) / 100

/** A price as typed: a number of at least 0, else 0. */
export function readPrice(text: string): number {
  const value = Number(text)
  return Number.isFinite(value) && value >= 0 ? value : 0
}

/** A quantity as typed: a whole number of at least 0, else 0. */
export function readQty(text: string): number {
  const value = Number(text)
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0
}

/** The rows with row `id` changed as `change` says. */
export const changeRow = (rows: readonly InvoiceRow[], id: number, change: Partial<Omit<InvoiceRow, 'id'>>) =>
  rows.map((row) => (row.id === id ? { ...row, ...change } : row))

/** The rows with an empty one added at the end, under an id of its own. */
export const addRow = (rows: readonly InvoiceRow[]): InvoiceRow[] => [
  ...rows,
  { id: Math.max(0, ...rows.map((row) => row.id)) + 1, item: '', desc: '', price: 0, qty: 1 },
]
