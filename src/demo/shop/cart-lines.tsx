import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { $locale } from '../../stores/locale'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import { cartTotalCents, lineCents, type CartStore } from './cart'
import s from './cart-lines.module.css'
import { moneyFormat, toCents } from './money'
import { QuantityStepper } from './quantity-stepper'
import { Thumbnail } from './thumbnail'
import './texts'

/**
 * The cart's lines and its total. Editable (the cart popup): each line's quantity steps from 1
 * and a line can go; read only (the checkout's review): the quantities as they are.
 */
export function CartLines({ cart, editable = false }: { cart: CartStore; editable?: boolean }) {
  const t = useT()
  const locale = useStore($locale)
  const items = useStore(cart.$cart)
  const money = useMemo(() => moneyFormat(locale), [locale])
  if (!items.length) return <p className={s.empty}>{t('demo-shop.empty')}</p>
  return (
    <div className={s.lines}>
      <ul className={s.list} role="list">
        {items.map((item) => (
          <li key={item.id} className={s.line}>
            <span className={s.picture}>
              <Thumbnail kind={item.thumbnail} />
            </span>
            <div className={s.what}>
              <span className={s.name}>{item.name}</span>
              <span className={s.each}>{t('demo-shop.each', { price: money(toCents(item.price)) })}</span>
            </div>
            {editable ? (
              <QuantityStepper value={item.qty} min={1} name={item.name} label={t('demo-shop.quantityOf', { name: item.name })} onChange={(qty) => cart.setQty(item.id, qty)} />
            ) : (
              <span className={s.qty}>{t('demo-shop.times', { n: item.qty })}</span>
            )}
            <span className={s.amount}>{money(lineCents(item))}</span>
            {editable && (
              <button type="button" className={s.remove} aria-label={t('demo-shop.remove', { name: item.name })} onClick={() => cart.remove(item.id)}>
                <Icon name="close" size={18} />
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className={s.total}>
        <span>{t('demo-shop.total')}</span>
        <span aria-live="polite">{money(cartTotalCents(items))}</span>
      </p>
    </div>
  )
}
