/** The editable table's made-up devices in stock and the rules of its rows. */

/** The demos' currency: USD, written with $. */
export const CURRENCY = 'USD'

export const CATEGORIES = ['gateway', 'router', 'sensor', 'camera', 'kiosk'] as const
export type Category = (typeof CATEGORIES)[number]

export interface StockItem {
  id: number
  name: string
  category: Category
  /** A whole number, at least 0. */
  quantity: number
  /** Dollars a unit, at least 0. */
  price: number
}

/** The columns that sort; a category sorts by nothing a reader sees in every language. */
export type StockColumn = 'name' | 'quantity' | 'price'

const item = (id: number, name: string, category: Category, quantity: number, price: number): StockItem => ({ id, name, category, quantity, price })

/** The stock room of a made-up organization running edge devices. */
export const STOCK: readonly StockItem[] = [
  item(1, 'EdgeBox 300', 'gateway', 24, 249),
  item(2, 'EdgeBox 500 LTE', 'gateway', 8, 419),
  item(3, 'Uplink R2', 'router', 15, 189.9),
  item(4, 'Mesh Node M1', 'router', 40, 79.5),
  item(5, 'Climate sensor T4', 'sensor', 120, 24.95),
  item(6, 'Door sensor D1', 'sensor', 86, 12.5),
  item(7, 'Vibration sensor V2', 'sensor', 0, 58),
  item(8, 'Dome camera C3', 'camera', 12, 329),
  item(9, 'Gate camera C5', 'camera', 3, 549),
  item(10, 'Lobby kiosk K2', 'kiosk', 2, 899.5),
  item(11, 'Counter kiosk K1', 'kiosk', 5, 640),
  item(12, 'Rack PDU P8', 'router', 9, 145),
]

/** A row as typed in its editor: the numbers stay text until they are saved. */
export interface Draft {
  name: string
  category: Category
  quantity: string
  price: string
}

export const EMPTY_DRAFT: Draft = { name: '', category: 'gateway', quantity: '0', price: '0' }

export const draftOf = ({ name, category, quantity, price }: StockItem): Draft => ({ name, category, quantity: String(quantity), price: String(price) })

/** Field -> locale key of its message. */
export type DraftErrors = Partial<Record<'name' | 'quantity' | 'price', string>>

const WHOLE = /^\d+$/
const DECIMAL = /^\d+(\.\d+)?$/

/**
 * A draft as a row to save, or what is wrong with it: a name is required, a quantity is a whole
 * number of at least 0 and a price a number of at least 0 (plain digits, so '1e3' or '0x10' are not).
 */
export function checkDraft(draft: Draft): { ok: true; value: Omit<StockItem, 'id'> } | { ok: false; errors: DraftErrors } {
  const name = draft.name.trim()
  const quantity = draft.quantity.trim()
  const price = draft.price.trim()
  const errors: DraftErrors = {}
  if (!name) errors.name = 'validation.required'
  if (!quantity) errors.quantity = 'validation.required'
  else if (!WHOLE.test(quantity)) errors.quantity = 'demo-tables.stock.badQuantity'
  if (!price) errors.price = 'validation.required'
  else if (!DECIMAL.test(price)) errors.price = 'demo-tables.stock.badPrice'
  if (Object.keys(errors).length) return { ok: false, errors }
  return { ok: true, value: { name, category: draft.category, quantity: Number(quantity), price: Number(price) } }
}

/** The rows with `value` added at the end, under an id of its own. */
export const addItem = (items: readonly StockItem[], value: Omit<StockItem, 'id'>): StockItem[] => [
  ...items,
  { id: Math.max(0, ...items.map((one) => one.id)) + 1, ...value },
]

/** The rows with row `id` replaced by `value`. */
export const updateItem = (items: readonly StockItem[], id: number, value: Omit<StockItem, 'id'>): StockItem[] =>
  items.map((one) => (one.id === id ? { id, ...value } : one))

/** The rows without row `id`. */
export const removeItem = (items: readonly StockItem[], id: number): StockItem[] => items.filter((one) => one.id !== id)
