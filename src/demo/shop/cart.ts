import { atom } from 'nanostores'
import { toCents } from './money'
import type { Product } from './products'

/** A product's quantity is at least 0, and Add to cart needs 1 or more. */
export const QTY_MIN = 0
/** The most of one product a cart takes: a demo cap that keeps totals far from float limits. */
export const QTY_MAX = 99

/** One line of the cart: what it is, what one costs, and how many. */
export interface CartItem {
  id: string
  name: string
  thumbnail: Product['thumbnail']
  /** Dollars, as the product had it when added. */
  price: number
  /** 1 to `QTY_MAX`; a line at 0 is a removed one. */
  qty: number
}

/** A quantity as typed or stepped: a whole number from `min` (0 unless said) to `QTY_MAX`. */
export function clampQty(value: number, min = QTY_MIN): number {
  if (!Number.isFinite(value)) return min
  return Math.min(QTY_MAX, Math.max(min, Math.floor(value)))
}

/** Whether `qty` of `product` may go into the cart: at least one, and not sold out. */
export const canAdd = (product: Product, qty: number) => !product.soldout && clampQty(qty) >= 1

/** The cart with `qty` of `product` added: one line a product, so a repeat raises its quantity. */
export function addToCart(items: readonly CartItem[], product: Product, qty: number): readonly CartItem[] {
  if (!canAdd(product, qty)) return items
  const line = items.find((item) => item.id === product.id)
  if (line) return items.map((item) => (item === line ? { ...item, qty: clampQty(item.qty + qty) } : item))
  const { id, name, thumbnail, price } = product
  return [...items, { id, name, thumbnail, price, qty: clampQty(qty) }]
}

/** The cart with line `id` at `qty`; 0 removes it. */
export function setCartQty(items: readonly CartItem[], id: string, qty: number): readonly CartItem[] {
  const clean = clampQty(qty)
  if (!clean) return removeFromCart(items, id)
  return items.map((item) => (item.id === id ? { ...item, qty: clean } : item))
}

export const removeFromCart = (items: readonly CartItem[], id: string): readonly CartItem[] => items.filter((item) => item.id !== id)

/** How many pieces the cart holds: the badge on the cart button. */
export const cartCount = (items: readonly CartItem[]) => items.reduce((sum, item) => sum + item.qty, 0)

/** One line's amount in cents: price times quantity. */
export const lineCents = (item: CartItem) => toCents(item.price) * item.qty

/** The cart's total is the sum of price times quantity, in whole cents. */
export const cartTotalCents = (items: readonly CartItem[]) => items.reduce((sum, item) => sum + lineCents(item), 0)

/** The shop's cart (its items) and its moves. */
export function createCart(initial: readonly CartItem[] = []) {
  const $cart = atom<readonly CartItem[]>(initial)
  return {
    $cart,
    add: (product: Product, qty: number) => $cart.set(addToCart($cart.get(), product, qty)),
    setQty: (id: string, qty: number) => $cart.set(setCartQty($cart.get(), id, qty)),
    remove: (id: string) => $cart.set(removeFromCart($cart.get(), id)),
    clear: () => $cart.set([]),
  }
}

export type CartStore = ReturnType<typeof createCart>

/**
 * The tab's cart, shared by the products and checkout pages: both chunks load this one module, so
 * what the products page adds is there when the Checkout link opens the checkout page.
 */
export const cart = createCart()
