import { useStore } from '@nanostores/react'
import { Link } from 'wouter'
import { Button } from '../../ui/button'
import { useT } from '../../ui/use-t'
import type { CartStore } from '../shop/cart'
import { CartLines } from '../shop/cart-lines'
import { PRODUCTS_HREF } from '../shop/links'
import { cardDigits, type CheckoutStore } from './checkout'
import s from './checkout-screen.module.css'
import './texts'

/** The review: the cart with its total, where it goes and how it is paid; Place order ends the checkout. */
export function ReviewStep({ cart, checkout, onPlace }: { cart: CartStore; checkout: CheckoutStore; onPlace: () => void }) {
  const t = useT()
  const { address, payment } = useStore(checkout.$checkout)
  const items = useStore(cart.$cart)
  const lines = [
    `${address.firstName} ${address.lastName}`,
    address.address1,
    address.address2,
    [address.zip, address.city].join(' '),
    address.state,
    address.country,
  ].filter((line) => line.trim())
  return (
    <div className={s.form}>
      <section aria-labelledby="demo-checkout-cart">
        <h3 id="demo-checkout-cart" className={s.subtitle}>
          {t('demo-checkout.yourCart')}
        </h3>
        <CartLines cart={cart} />
        {!items.length && (
          <Link href={PRODUCTS_HREF} className={s.link}>
            {t('demo-checkout.toProducts')}
          </Link>
        )}
      </section>
      <div className={s.summary}>
        <section aria-labelledby="demo-checkout-ship">
          <h3 id="demo-checkout-ship" className={s.subtitle}>
            {t('demo-checkout.shipTo')}
          </h3>
          <address className={s.address}>
            {lines.map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </address>
        </section>
        <section aria-labelledby="demo-checkout-pay">
          <h3 id="demo-checkout-pay" className={s.subtitle}>
            {t('demo-checkout.payWith')}
          </h3>
          <p className={s.address}>
            <span>{payment.cardName}</span>
            <span>{t('demo-checkout.card', { last4: cardDigits(payment.cardNumber).slice(-4) })}</span>
            <span>{t('demo-checkout.expires', { date: payment.expDate })}</span>
          </p>
        </section>
      </div>
      <div className={s.actions}>
        <Button variant="secondary" onClick={checkout.back}>
          {t('demo-checkout.back')}
        </Button>
        <Button variant="primary" disabled={!items.length} onClick={onPlace}>
          {t('demo-checkout.place')}
        </Button>
      </div>
    </div>
  )
}
