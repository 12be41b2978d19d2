import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import { buttonClass } from '../../ui/button'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { useT } from '../../ui/use-t'
import { cart as defaultCart, type CartStore } from '../shop/cart'
import { PRODUCTS_HREF } from '../shop/links'
import { checkout as defaultCheckout, STEPS, type CheckoutStore } from './checkout'
import { AddressStep, PaymentStep } from './checkout-forms'
import s from './checkout-screen.module.css'
import { ReviewStep } from './review-step'
import './texts'

/** The steps, the current one marked for assistive technology as well as by sight. */
function Stepper({ current }: { current: number }) {
  const t = useT()
  return (
    <ol className={s.steps} aria-label={t('demo-checkout.steps')}>
      {STEPS.map((step, index) => (
        <li key={step} className={clsx(s.step, index < current && s.done, index === current && s.current)} aria-current={index === current ? 'step' : undefined}>
          <span className={s.number} aria-hidden="true">
            {index < current ? <Icon name="check" size={16} /> : index + 1}
          </span>
          {t(`demo-checkout.${step}`)}
        </li>
      ))}
    </ol>
  )
}

/**
 * The template's checkout: address, payment and review, each step's form kept while the steps
 * change; Place order thanks with a made-up order number and empties the cart. Nothing is sent.
 */
export function Checkout({ cart, checkout, random }: { cart: CartStore; checkout: CheckoutStore; random?: () => number }) {
  const t = useT()
  const { step } = useStore(checkout.$checkout)
  const [placed, setPlaced] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)
  // A new step (or the thanks) takes focus at its heading, so the keyboard starts from its top.
  useEffect(() => {
    if (first.current) first.current = false
    else heading.current?.focus()
  }, [step, placed])

  if (placed)
    return (
      <section className={clsx(card.card, s.card)} aria-labelledby="demo-checkout-step">
        <h2 id="demo-checkout-step" ref={heading} tabIndex={-1} className={s.heading}>
          {t('demo-checkout.thanks')}
        </h2>
        <p>{t('demo-checkout.orderNumber', { number: placed })}</p>
        <p className={card.muted}>{t('demo-checkout.thanksNote')}</p>
        <Link href={PRODUCTS_HREF} className={clsx(buttonClass('primary'), s.continue)}>
          {t('demo-checkout.continue')}
        </Link>
      </section>
    )
  return (
    <div className={s.page}>
      <p className={card.muted}>{t('demo-checkout.intro')}</p>
      <Stepper current={STEPS.indexOf(step)} />
      <section className={clsx(card.card, s.card)} aria-labelledby="demo-checkout-step">
        <h2 id="demo-checkout-step" ref={heading} tabIndex={-1} className={s.heading}>
          {t(`demo-checkout.${step}`)}
        </h2>
        {step === 'address' && <AddressStep checkout={checkout} />}
        {step === 'payment' && <PaymentStep checkout={checkout} />}
        {step === 'review' && <ReviewStep cart={cart} checkout={checkout} onPlace={() => setPlaced(checkout.place(cart, random))} />}
      </section>
    </div>
  )
}

/** The demo page: the tab's cart, as the products page filled it, and the tab's checkout. */
export default function CheckoutScreen() {
  return <Checkout cart={defaultCart} checkout={defaultCheckout} />
}
