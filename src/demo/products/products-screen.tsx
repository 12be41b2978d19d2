import { useStore } from '@nanostores/react'
import { clsx } from 'clsx'
import { useState } from 'react'
import { pluralKey } from '../../lib/plural'
import { $locale } from '../../stores/locale'
import { Badge } from '../../ui/badge'
import card from '../../ui/card.module.css'
import { Icon } from '../../ui/icons'
import { ToggleGroup } from '../../ui/toggle-group'
import { useT } from '../../ui/use-t'
import { cart as defaultCart, type CartStore } from '../shop/cart'
import { PRODUCTS, searchProducts, type Product } from '../shop/products'
import { Thumbnail } from '../shop/thumbnail'
import { CartPopup } from './cart-popup'
import { Price } from './price'
import { ProductDetail } from './product-detail'
import s from './products-screen.module.css'
import { Rating } from './rating'
import './texts'

type View = 'grid' | 'list'
const VIEWS: readonly View[] = ['grid', 'list']

/** One product of the catalogue; its name opens the detail, and the whole card answers a click. */
function ProductCard({ product, view, onOpen }: { product: Product; view: View; onOpen: () => void }) {
  const t = useT()
  return (
    <li className={clsx(s.product, product.soldout && s.soldout)}>
      <div className={s.picture}>
        <Thumbnail kind={product.thumbnail} />
        {product.soldout && (
          <Badge tone="muted" hollow className={s.tag}>
            {t('demo-products.soldout')}
          </Badge>
        )}
      </div>
      <div className={s.info}>
        <h3 className={s.name}>
          <button type="button" className={s.open} onClick={onOpen}>
            {product.name}
          </button>
        </h3>
        <Rating value={product.ratting} />
        {view === 'list' && <p className={s.desc}>{product.desc}</p>}
        <Price product={product} />
      </div>
    </li>
  )
}

/** The template's product catalogue: a search on the name, a grid or a list, a product's detail and the cart. */
export function ProductCatalogue({ products = PRODUCTS, cart }: { products?: readonly Product[]; cart: CartStore }) {
  const t = useT()
  const locale = useStore($locale)
  const [query, setQuery] = useState('')
  const [view, setView] = useState<View>('grid')
  const [open, setOpen] = useState<Product | null>(null)
  const [added, setAdded] = useState('')
  const shown = searchProducts(products, query)
  return (
    <div className={s.page}>
      <div className={s.bar}>
        <p className={card.muted}>{t('demo-products.intro')}</p>
        <CartPopup cart={cart} />
      </div>
      <div className={s.bar}>
        <label className={s.search}>
          <Icon name="search" size={18} />
          <span className="visually-hidden">{t('demo-products.search')}</span>
          <input
            type="search"
            className={s.searchInput}
            value={query}
            placeholder={t('demo-products.search')}
            onChange={(event) => {
              setQuery(event.target.value)
              setAdded('')
            }}
          />
        </label>
        <ToggleGroup label={t('demo-products.view')} choices={VIEWS.map((value) => ({ value, label: t(`demo-products.${value}`) }))} value={view} onChange={setView} />
      </div>
      <p className={card.muted} role="status">
        {added || t(pluralKey('demo-products.count', shown.length, locale), { n: shown.length })}
      </p>
      {shown.length ? (
        <ul className={clsx(s.products, s[view])} role="list" aria-label={t('demo-products.catalogue')}>
          {shown.map((product) => (
            <ProductCard key={product.id} product={product} view={view} onOpen={() => setOpen(product)} />
          ))}
        </ul>
      ) : (
        <p className={card.muted}>{t('demo-products.empty')}</p>
      )}
      {open && (
        <ProductDetail
          key={open.id}
          product={open}
          cart={cart}
          onClose={() => setOpen(null)}
          onAdded={(qty) => setAdded(t('demo-products.added', { n: qty, name: open.name }))}
        />
      )}
    </div>
  )
}

/** The demo page: the catalogue and the tab's cart, which the checkout page reads. */
export default function ProductsScreen() {
  return <ProductCatalogue cart={defaultCart} />
}
