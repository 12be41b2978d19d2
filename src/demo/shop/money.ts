/** The demos' currency: USD, written with $. */
export const CURRENCY = 'USD'

/** A price in whole cents: sums of cents stay exact where sums of dollars drift (0.1 + 0.2). */
export const toCents = (dollars: number) => Math.round(dollars * 100)

/**
 * Formats an amount of cents as the page's language writes numbers, in US dollars with the plain
 * $ sign (`narrowSymbol`), not the US$ some languages would show.
 */
export function moneyFormat(locale: string): (cents: number) => string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, currencyDisplay: 'narrowSymbol' })
  return (cents) => format.format(cents / 100)
}
