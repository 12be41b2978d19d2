import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { $locale } from '../../stores/locale'
import { CURRENCY, priceDigits } from './trade'

/** The demos' money and change as the page's language writes them: `$64,210.50`, `+2.41%`. */
export function useMoney() {
  const locale = useStore($locale)
  return useMemo(() => {
    const money = (digits: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, minimumFractionDigits: digits, maximumFractionDigits: digits })
    const cents = money(2)
    const small = money(4)
    const compact = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, notation: 'compact', maximumFractionDigits: 1 })
    const change = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' })
    const amount = new Intl.NumberFormat(locale, { maximumFractionDigits: 8 })
    return {
      /** A coin's price: cents from a dollar up, four places below. */
      price: (dollars: number) => (priceDigits(dollars) === 2 ? cents : small).format(dollars),
      cents: (whole: number) => cents.format(whole / 100),
      /** Large sums, shortened: `$28.4B`. */
      compact: (dollars: number) => compact.format(dollars),
      /** A change in percent, signed: `+2.41%`. */
      change: (percent: number) => change.format(percent / 100),
      amount: (coins: number) => amount.format(coins),
    }
  }, [locale])
}

export type Money = ReturnType<typeof useMoney>
