import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { Link } from 'wouter'
import { pluralKey } from '../../lib/plural'
import { $locale } from '../../stores/locale'
import { buttonClass } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import { cartCount, type CartStore } from '../shop/cart'
import { CartLines } from '../shop/cart-lines'
import { CHECKOUT_HREF } from '../shop/links'
import s from './products-screen.module.css'
import './texts'

/** The cart button with its count, and the cart it opens: lines to change, the total and the way to checkout. */
export function CartPopup({ cart }: { cart: CartStore }) {
  const t = useT()
  const locale = useStore($locale)
  const items = useStore(cart.$cart)
  const [open, setOpen] = useState(false)
  const count = cartCount(items)
  return (
    <>
      <button type="button" className={s.cartButton} aria-label={t(pluralKey('demo-products.cartButton', count, locale), { n: count })} onClick={() => setOpen(true)}>
        <Icon name="cart" size={22} />
        <span className={s.count} aria-hidden="true">
          {count}
        </span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('demo-products.cart')} closeLabel={t('demo-products.close')} variant="drawer" width={440}>
        <div className={s.cartBody}>
          <CartLines cart={cart} editable />
          {items.length > 0 && (
            <Link href={CHECKOUT_HREF} className={buttonClass('primary', true)}>
              {t('demo-products.checkout')}
            </Link>
          )}
        </div>
      </Dialog>
    </>
  )
}
