import { useId, useState } from 'react'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { useT } from '../../ui/use-t'
import { canAdd, type CartStore } from '../shop/cart'
import type { Product } from '../shop/products'
import { QuantityStepper } from '../shop/quantity-stepper'
import { Thumbnail } from '../shop/thumbnail'
import { Price } from './price'
import { Rating } from './rating'
import s from './products-screen.module.css'
import './texts'

export interface ProductDetailProps {
  product: Product
  cart: CartStore
  onClose: () => void
  /** Called with the quantity put in the cart, as the dialog closes. */
  onAdded: (qty: number) => void
}

/**
 * A product up close: its description, rating and price, and a quantity to put in the cart. The
 * quantity goes down to 0 but Add to cart needs 1 or more, and a sold-out product takes none.
 */
export function ProductDetail({ product, cart, onClose, onAdded }: ProductDetailProps) {
  const t = useT()
  const noteId = useId()
  const [qty, setQty] = useState(product.soldout ? 0 : 1)
  const add = () => {
    if (!canAdd(product, qty)) return
    cart.add(product, qty)
    onAdded(qty)
    onClose()
  }
  return (
    <Dialog open onClose={onClose} title={product.name} closeLabel={t('demo-products.close')} width={640}>
      <div className={s.detail}>
        <div className={s.detailPicture}>
          <Thumbnail kind={product.thumbnail} />
        </div>
        <div className={s.detailInfo}>
          <Rating value={product.ratting} />
          <Price product={product} />
          {product.soldout && (
            <Badge tone="muted" hollow>
              {t('demo-products.soldout')}
            </Badge>
          )}
          <p className={s.desc}>{product.desc}</p>
          <div className={s.buy}>
            <QuantityStepper value={qty} onChange={setQty} name={product.name} label={t('demo-products.quantity')} disabled={product.soldout} />
            <Button variant="primary" disabled={!canAdd(product, qty)} aria-describedby={product.soldout ? noteId : undefined} onClick={add}>
              {t('demo-products.add')}
            </Button>
          </div>
          {product.soldout && (
            <p id={noteId} className={s.note}>
              {t('demo-products.soldoutNote')}
            </p>
          )}
        </div>
      </div>
    </Dialog>
  )
}
