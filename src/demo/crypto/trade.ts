/** The demos' currency: USD, written with $. */
export const CURRENCY = 'USD'

export type Side = 'buy' | 'sell'
export const SIDES: readonly Side[] = ['buy', 'sell']

/**
 * What `amount` coins cost at `price` dollars each, in whole cents (half a cent rounds up).
 * The product is cut to 12 significant digits first, so 1.005 x 1 makes 101 cents, not the 100
 * that binary floating point would give.
 */
export function tradeTotalCents(amount: number, price: number): number {
  return Math.round(Number((amount * price * 100).toPrecision(12)))
}

/** A number typed into the trade form: above 0 and finite, else null. */
export function readPositive(text: string): number | null {
  if (!text.trim()) return null
  const value = Number(text)
  return Number.isFinite(value) && value > 0 ? value : null
}

/** The digits a price shows: cents for a dollar and more, four places below (a coin of $0.0012). */
export const priceDigits = (price: number) => (Math.abs(price) >= 1 ? 2 : 4)

/** A price as the trade form first offers it: plain digits a number field takes. */
export const priceText = (price: number) => price.toFixed(priceDigits(price))
