import { clsx } from 'clsx'
import { useId } from 'react'
import card from '../../ui/card.module.css'
import { useT } from '../../ui/use-t'
import { BOOK_SYMBOL, ORDER_ROWS, orderBook, type OrderRow } from './orders'
import { tradeTotalCents } from './trade'
import { useMoney, type Money } from './use-money'
import './texts'
import s from './crypto.module.css'

/** One side of the book as a table: price, amount and what the order is worth. */
function BookSide({ caption, rows, money, tone }: { caption: string; rows: readonly OrderRow[]; money: Money; tone: string | undefined }) {
  const t = useT()
  return (
    <table className={s.table}>
      <caption className={s.bookCaption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={s.number}>
            {t('demo-crypto.book.price')}
          </th>
          <th scope="col" className={s.number}>
            {t('demo-crypto.book.amount')}
          </th>
          <th scope="col" className={s.number}>
            {t('demo-crypto.book.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={clsx(s.number, tone)}>{money.price(row.price)}</td>
            <td className={s.number}>{money.amount(row.amount)}</td>
            <td className={s.number}>{money.cents(tradeTotalCents(row.amount, row.price))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The order book: the buy orders best first beside the sell orders best first, and the spread between them. */
export function OrderBook({ rows = ORDER_ROWS }: { rows?: readonly OrderRow[] }) {
  const t = useT()
  const id = useId()
  const money = useMoney()
  const { bids, asks, spread } = orderBook(rows)
  return (
    <section className={card.card} aria-labelledby={id}>
      <h2 id={id} className={card.cardTitle}>
        {t('demo-crypto.book.title', { symbol: BOOK_SYMBOL })}
      </h2>
      {spread !== null && <p className={card.muted}>{t('demo-crypto.book.spread', { spread: money.price(spread) })}</p>}
      <div className={s.book}>
        <BookSide caption={t('demo-crypto.book.bids')} rows={bids} money={money} tone={s.up} />
        <BookSide caption={t('demo-crypto.book.asks')} rows={asks} money={money} tone={s.down} />
      </div>
    </section>
  )
}
