import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { $locale } from '../../stores/locale'
import { useT } from '../../ui/use-t'
import { moneyFormat, toCents } from '../shop/money'
import type { Product } from '../shop/products'
import s from './products-screen.module.css'
import './texts'

/** A product's price; with a discount, the percent off and the previous price struck through. */
export function Price({ product }: { product: Product }) {
  const t = useT()
  const locale = useStore($locale)
  const money = useMemo(() => moneyFormat(locale), [locale])
  return (
    <span className={s.prices}>
      <span className={s.price}>{money(toCents(product.price))}</span>
      {product.prevPrice !== undefined && (
        <del className={s.prevPrice}>
          {/* A strike-through is not read out: the words say what the number was. */}
          <span className="visually-hidden">{t('demo-products.prevPrice')} </span>
          {money(toCents(product.prevPrice))}
        </del>
      )}
      {product.discount !== undefined && <span className={s.discount}>{t('demo-products.discount', { n: product.discount })}</span>}
    </span>
  )
}
